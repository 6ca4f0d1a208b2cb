/* SHA-256 compression (FIPS 180-4 §6.2.2) in plain C.
 *
 * Fully unrolled: the eight working variables are renamed from round to
 * round instead of being shifted, and the message schedule is a rolling
 * window of 16 words (W[t] overwrites W[t-16]), which keeps everything in
 * registers or one cache line. */
#include "hash/bytes.h"
#include "hash/portable/portable.h"

static const uint32_t K256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define BSIG0(x) (rotr32((x), 2) ^ rotr32((x), 13) ^ rotr32((x), 22))
#define BSIG1(x) (rotr32((x), 6) ^ rotr32((x), 11) ^ rotr32((x), 25))
#define SSIG0(x) (rotr32((x), 7) ^ rotr32((x), 18) ^ ((x) >> 3))
#define SSIG1(x) (rotr32((x), 17) ^ rotr32((x), 19) ^ ((x) >> 10))

/* Rounds 0-15 take the message word as loaded; later rounds extend it. */
#define W_LOAD(t) (w[(t)&15])
#define W_NEXT(t) (w[(t)&15] += SSIG1(w[((t)-2) & 15]) + w[((t)-7) & 15] + SSIG0(w[((t)-15) & 15]))

/* Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), and a round's b ^ c is the a ^ b
 * of the round before (the variables shift by one): carrying it in bc_
 * saves an operation a round. */
#define ROUND(a, b, c, d, e, f, g, h, t, WF)                                   \
	do {                                                                   \
		uint32_t t1 = (h) + BSIG1(e) + CH((e), (f), (g)) + K256[t] + WF(t); \
		uint32_t ab_ = (a) ^ (b);                                      \
		(d) += t1;                                                     \
		(h) = t1 + BSIG0(a) + ((b) ^ (ab_ & bc_));                     \
		bc_ = ab_;                                                     \
	} while (0)

#define ROUNDS8(t, WF)                                   \
	do {                                             \
		ROUND(a, b, c, d, e, f, g, h, (t) + 0, WF); \
		ROUND(h, a, b, c, d, e, f, g, (t) + 1, WF); \
		ROUND(g, h, a, b, c, d, e, f, (t) + 2, WF); \
		ROUND(f, g, h, a, b, c, d, e, (t) + 3, WF); \
		ROUND(e, f, g, h, a, b, c, d, (t) + 4, WF); \
		ROUND(d, e, f, g, h, a, b, c, (t) + 5, WF); \
		ROUND(c, d, e, f, g, h, a, b, (t) + 6, WF); \
		ROUND(b, c, d, e, f, g, h, a, (t) + 7, WF); \
	} while (0)

void sumac_sha256_blocks_portable(void *state, const uint8_t *in, size_t nblocks)
{
	uint32_t *s = state;
	uint32_t w[16];

	while (nblocks--) {
		uint32_t a = s[0], b = s[1], c = s[2], d = s[3];
		uint32_t e = s[4], f = s[5], g = s[6], h = s[7];
		uint32_t bc_ = b ^ c;

		for (int i = 0; i < 16; i++)
			w[i] = load_be32(in + 4 * i);

		ROUNDS8(0, W_LOAD);
		ROUNDS8(8, W_LOAD);
		ROUNDS8(16, W_NEXT);
		ROUNDS8(24, W_NEXT);
		ROUNDS8(32, W_NEXT);
		ROUNDS8(40, W_NEXT);
		ROUNDS8(48, W_NEXT);
		ROUNDS8(56, W_NEXT);

		s[0] += a;
		s[1] += b;
		s[2] += c;
		s[3] += d;
		s[4] += e;
		s[5] += f;
		s[6] += g;
		s[7] += h;
		in += 64;
	}
}
