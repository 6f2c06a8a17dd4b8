package testenv

import (
	"bytes"
	"os"
	"testing"
)

// TestOpenSSL checks Run and File against the installed openssl (it skips
// without one), and that NewOpenSSL skips under qemu-user.
func TestOpenSSL(t *testing.T) {
	t.Run("qemu", func(t *testing.T) {
		t.Setenv("CURVEKIT_QEMU_USER", "1")
		NewOpenSSL(t)
		t.Error("NewOpenSSL did not skip under qemu-user")
	})
	o := NewOpenSSL(t)
	in := o.File("in", []byte("hello"))
	if got, err := os.ReadFile(in); err != nil || string(got) != "hello" {
		t.Fatalf("File wrote %q, %v", got, err)
	}
	if got := o.Run("base64", "-in", in); !bytes.Equal(bytes.TrimSpace(got), []byte("aGVsbG8=")) {
		t.Errorf("openssl base64 of hello: %q", got)
	}
}
