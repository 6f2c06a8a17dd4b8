package hmacsha256_test

import (
	"fmt"

	"github.com/curvekit/curvekit/internal/hmacsha256"
)

// A fixed key is prepared once; the message is given in parts, and the
// MAC key then seeds HKDF-Expand (RFC 4231 test case 2, then 40 bytes of
// HKDF-Expand with that MAC as PRK).
func Example() {
	key := hmacsha256.NewKey([]byte("Jefe"))
	var mac [hmacsha256.Size]byte
	key.MAC(&mac, []byte("what do ya want "), []byte("for nothing?"))
	fmt.Printf("%x\n", mac)

	okm := make([]byte, 40)
	if err := hmacsha256.Expand(okm, mac[:], []byte("info")); err != nil {
		panic(err)
	}
	fmt.Println(len(okm))
	// Output:
	// 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843
	// 40
}
