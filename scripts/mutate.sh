#!/usr/bin/env bash
# Mutation testing of the generated assembly: see scripts/asmmutate/main.go.
cd "$(dirname "$0")/.." && exec go run ./scripts/asmmutate "$@"
