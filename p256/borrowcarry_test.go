package p256

import (
	"math/big"
	"testing"
)

// jacBorrowCarryInputs are Jacobian inputs (not curve points: the routines
// are field formulas) for which one subtraction of the point assembly
// borrows by D in (0, 2^64) in Montgomery form, so that repairing the borrow
// by adding p carries through every limb: the doubling's X3 = α² − 8β and
// Y3 = α(4β − X3) − 8γ², madd's first r² − HHH − V and add's H = U2 − U1
// (the mutation tester's survivors ADCQ $0, R10 and ADCQ CX, R11 in those
// blocks). Built by solving for one coordinate: with the others random,
// the block's subtrahend (in Montgomery form) is set to the minuend's plus
// a small D — by a square root
// for the doublings' Y and madd's r, linearly for add's X2. jacCheck
// compares every routine with the Go code on them.
var jacBorrowCarryInputs = []struct {
	name string
	a, b [3]string
}{
	{"double X3",
		[3]string{"f3f49249dc28ff90a5aec7978306d03bf38b2ffc80a4df5a51c9bc701e7ea41a", "2d6f2dff7188c3365c3eb2a0c0043658effadca795f8b0b8f9ac2a4716e5b95a", "6bad6be28e7aa6e99f19950499dd251de512148239292d22e255accb1a466885"},
		[3]string{"7dabe929c4a334bfc6cd75e9bb049a79d7a7a3cc8c3d5f169293de8fc88b2876", "14aa4e719d3c7dec00a61f933d6c51e370eb9a0a96263ae6c5e818fac0433cbe", "e4163207d094499602f0ee99731c94521919e93ad11745ad498893101c593af6"}},
	{"double Y3",
		[3]string{"59001ac9406329bc65b00a2d35d148805071950eadec6f117d836e77af67d462", "5159c3bd3d2ae6a9d57ae618367cd5dc64e307ac52b72e4e7f775e0877aea3b5", "bef7e268ffe976ab60581ccace1d62e05b4c8012ede7bd0cffb88309fadb8909"},
		[3]string{"89be9c1c8eb5140f16f4488157241955b91dddd91389b372a341738c837a7936", "b766ff10b437bdb5a51149bbe060a72424114258751b4c8349a047dc4ac87fc1", "7608d9425d111a9d5e6c9992b5fb12e0d9090b89065550964f1a8a1d93d20471"}},
	{"addAffine X3",
		[3]string{"de0279e17f9ac0988df05f2595f19a51e41686cd66160227173714726c16722a", "e01c683e99a46df0dde3a361c0099ebacd73de0081a0ba056ce9da661dcf884d", "90624fe36b82e6c9d82fb0f1423674a6864fa3f3eab06e9b65ed0de47db4304e"},
		[3]string{"93550840067f0cfcce1fd3d9849acfb58350a73f7aac319ffb759e0fed1d9d17", "f88df1d1ca23226510f887ff06ee3753db43e419db403041e2ce35751f2a433f", "0000000000000000000000000000000000000000000000000000000000000001"}},
	{"add H",
		[3]string{"85f184e0b464c554f675299b0c83e786d1711cbd2106119ec40d31b5397a7624", "2475263c785490146dedc86a9f4fb02bb7a1774f1a42721eaba4c70ee306f0c5", "b3618e1ca06d7a691f3c42b2e2cbbb93d98145593a9afa39e261e34a7b6bc3c7"},
		[3]string{"4eaa35b919431b4870ba1d407293ca4b0ae703997e58d927f542d22109668b14", "fa97002cfcbad167f5a9ca5fedf165dab6eafff5782afe6bac9f21df74f09af6", "8c53765f4ec0a954ff8b2a6aab74fe5766eebc578f4ecb4f4041f5ee8bae8e67"}},
}

func TestJacobianBorrowCarry(t *testing.T) {
	for _, v := range jacBorrowCarryInputs {
		var a, b jacobianPoint
		for i, dst := range []*jacobianPoint{&a, &b} {
			src := v.a
			if i == 1 {
				src = v.b
			}
			var c [3]*big.Int
			for j, h := range src {
				c[j], _ = new(big.Int).SetString(h, 16)
			}
			dst.x = jacElement(t, c[0])
			dst.y = jacElement(t, c[1])
			dst.z = jacElement(t, c[2])
		}
		t.Run(v.name, func(t *testing.T) { jacCheck(t, a, b) })
	}
}
