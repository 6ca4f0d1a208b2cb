/* SPDX-License-Identifier: MIT */
/* Known-answer tests: every NIST CAVP ShortMsg, LongMsg and Monte Carlo
 * vector, the FIPS 180 examples, RFC 1321's MD5 suite, the 1 GiB
 * "extremely long message", and the record files of vectors/ (BLAKE2b,
 * SM3, the BSD and System V sums), run against every usable implementation in
 * the registry.  A new backend is tested here without new test code, and
 * so is a new algorithm: its row in src/hash/algorithms.h names its CAVP
 * files (an algorithm with none must have examples below). */
#include "config.h"

#include <ctype.h>
#include <stdint.h>

#include "hash/hash.h"
#include "hash/registry.h"
#include "tap.h"

static char *read_file(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	long n = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	char *data = malloc((size_t)n + 1);
	if (!data || fread(data, 1, (size_t)n, fp) != (size_t)n) {
		fclose(fp);
		free(data);
		return NULL;
	}
	fclose(fp);
	data[n] = '\0';
	*len = (size_t)n;
	return data;
}

/* Returns the value after "KEY = " on a line, with CR/LF cut, or NULL. */
static char *field(char *line, const char *key)
{
	size_t k = strlen(key);
	if (strncmp(line, key, k) != 0 || strncmp(line + k, " = ", 3) != 0)
		return NULL;
	char *v = line + k + 3;
	v[strcspn(v, "\r\n")] = '\0';
	return v;
}

struct tally {
	unsigned run, passed;
};

/* ShortMsg / LongMsg: Len (bits), Msg, MD records. */
static void run_msg_file(char *text, const struct sumac_impl *impl, enum sumac_algo algo,
			 struct tally *t)
{
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	unsigned long bits = 0;
	unsigned char *msg = NULL;
	size_t msglen = 0;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *v;
		if ((v = field(line, "Len"))) {
			bits = strtoul(v, NULL, 10);
		} else if ((v = field(line, "Msg"))) {
			msglen = bits / 8; /* Len = 0 carries a dummy "00" */
			free(msg);
			msg = malloc(msglen + 1);
			if (!hex_decode(v, msg, msglen))
				msglen = (size_t)-1;
		} else if ((v = field(line, "MD"))) {
			unsigned char want[SUMAC_MAX_DIGEST] = {0}, got[SUMAC_MAX_DIGEST];
			t->run++;
			if (msglen == (size_t)-1 || strlen(v) != 2 * dlen ||
			    !hex_decode(v, want, dlen))
				continue;
			if (sumac_digest(algo, impl, msg, msglen, got) == 0 &&
			    memcmp(want, got, dlen) == 0)
				t->passed++;
		}
	}
	free(msg);
}

/* SHAVS Monte Carlo: a window of three digests, 1000 steps a checkpoint. */
static void run_monte_file(char *text, const struct sumac_impl *impl, enum sumac_algo algo,
			   struct tally *t)
{
	const unsigned n = sumac_algo_info(algo)->digest_len;
	unsigned char seed[SUMAC_MAX_DIGEST], win[3 * SUMAC_MAX_DIGEST], next[SUMAC_MAX_DIGEST];
	bool have_seed = false;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *v;
		if ((v = field(line, "Seed"))) {
			have_seed = hex_decode(v, seed, n);
		} else if ((v = field(line, "MD")) && have_seed) {
			unsigned char want[SUMAC_MAX_DIGEST];
			int err = 0;
			t->run++;
			for (int k = 0; k < 3; k++)
				memcpy(win + k * n, seed, n);
			for (int i = 0; i < 1000 && !err; i++) {
				err = sumac_digest(algo, impl, win, 3 * n, next);
				memmove(win, win + n, 2 * n);
				memcpy(win + 2 * n, next, n);
			}
			memcpy(seed, next, n);
			if (!err && strlen(v) == 2 * n && hex_decode(v, want, n) &&
			    memcmp(want, next, n) == 0)
				t->passed++;
		}
	}
}

/* SHA3VS Monte Carlo (FIPS 202 validation): no window, each digest is the
 * hash of the one before, 1000 steps a checkpoint. */
static void run_sha3_monte_file(char *text, const struct sumac_impl *impl, enum sumac_algo algo,
				struct tally *t)
{
	const unsigned n = sumac_algo_info(algo)->digest_len;
	unsigned char md[SUMAC_MAX_DIGEST], next[SUMAC_MAX_DIGEST];
	bool have_seed = false;

	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *v;
		if ((v = field(line, "Seed"))) {
			have_seed = strlen(v) == 2 * n && hex_decode(v, md, n);
		} else if ((v = field(line, "MD")) && have_seed) {
			unsigned char want[SUMAC_MAX_DIGEST];
			int err = 0;
			t->run++;
			for (int i = 0; i < 1000 && !err; i++) {
				err = sumac_digest(algo, impl, md, n, next);
				memcpy(md, next, n);
			}
			if (!err && strlen(v) == 2 * n && hex_decode(v, want, n) &&
			    memcmp(want, md, n) == 0)
				t->passed++;
		}
	}
}

/* The SHA-3 files are SHA3VS's, whose Monte Carlo test differs. */
static bool is_sha3vs(const char *prefix)
{
	return strncmp(prefix, "SHA3_", 5) == 0;
}

static void run_cavp(const char *dir, const struct sumac_impl *impl, enum sumac_algo algo,
		     const char *prefix)
{
	static const char *const kinds[] = {"ShortMsg", "LongMsg", "Monte"};
	for (int k = 0; k < 3; k++) {
		char path[4096];
		size_t len;
		snprintf(path, sizeof path, "%s/%s%s.rsp", dir, prefix, kinds[k]);
		char *text = read_file(path, &len);
		if (!tap_ok(text != NULL, "read %s", path))
			continue;
		struct tally t = {0, 0};
		if (k == 2 && is_sha3vs(prefix))
			run_sha3_monte_file(text, impl, algo, &t);
		else if (k == 2)
			run_monte_file(text, impl, algo, &t);
		else
			run_msg_file(text, impl, algo, &t);
		free(text);
		tap_ok(t.run > 0 && t.passed == t.run, "%s: %s%s.rsp: %u/%u vectors", impl->driver,
		       prefix, kinds[k], t.passed, t.run);
	}
}

struct known {
	enum sumac_algo algo;
	const char *msg;
	unsigned long repeat;
	const char *digest;
};

static const struct known examples[] = {
	/* FIPS 180 examples. */
	{SUMAC_SHA1, "abc", 1, "a9993e364706816aba3e25717850c26c9cd0d89d"},
	{SUMAC_SHA224, "abc", 1, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
	{SUMAC_SHA256, "abc", 1,
	 "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	{SUMAC_SHA384, "abc", 1,
	 "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca13"
	 "4c825a7"},
	{SUMAC_SHA512, "abc", 1,
	 "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a"
	 "3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
	{SUMAC_SHA512_224, "abc", 1, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
	{SUMAC_SHA512_256, "abc", 1,
	 "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
	{SUMAC_SHA1, "", 1, "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
	{SUMAC_SHA224, "", 1, "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
	{SUMAC_SHA256, "", 1, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	{SUMAC_SHA384, "", 1,
	 "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14"
	 "898b95b"},
	{SUMAC_SHA512, "", 1,
	 "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d28"
	 "77eec2f63b931bd47417a81a538327af927da3e"},
	{SUMAC_SHA512_224, "", 1, "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4"},
	{SUMAC_SHA512_256, "", 1,
	 "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"},
	{SUMAC_SHA1, "a", 1000000, "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
	{SUMAC_SHA224, "a", 1000000, "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
	{SUMAC_SHA256, "a", 1000000,
	 "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
	{SUMAC_SHA384, "a", 1000000,
	 "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87"
	 "f3d8985"},
	{SUMAC_SHA512, "a", 1000000,
	 "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce"
	 "577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
	{SUMAC_SHA512_224, "a", 1000000,
	 "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287"},
	{SUMAC_SHA512_256, "a", 1000000,
	 "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21"},
#define M448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
	{SUMAC_SHA1, M448, 1, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
	{SUMAC_SHA224, M448, 1, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
	{SUMAC_SHA256, M448, 1, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	{SUMAC_SHA384, M448, 1,
	 "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe"
	 "3c8452b"},
	{SUMAC_SHA512, M448, 1,
	 "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea5"
	 "7789ca031ad85c7a71dd70354ec631238ca3445"},
	{SUMAC_SHA512_224, M448, 1, "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174"},
	{SUMAC_SHA512_256, M448, 1,
	 "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461"},
#define M896                                                                                       \
	"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr" \
	"lmnopqrsmnopqrstnopqrstu"
	{SUMAC_SHA1, M896, 1, "a49b2446a02c645bf419f995b67091253a04a259"},
	{SUMAC_SHA224, M896, 1, "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3"},
	{SUMAC_SHA256, M896, 1, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
	{SUMAC_SHA384, M896, 1,
	 "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa9"
	 "1746039"},
	{SUMAC_SHA512, M896, 1,
	 "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec"
	 "4b5433ac7d329eeb6dd26545e96e55b874be909"},
	{SUMAC_SHA512_224, M896, 1, "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"},
	{SUMAC_SHA512_256, M896, 1,
	 "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
	/* RFC 1321 §A.5. */
	{SUMAC_MD5, "", 1, "d41d8cd98f00b204e9800998ecf8427e"},
	{SUMAC_MD5, "a", 1, "0cc175b9c0f1b6a831c399e269772661"},
	{SUMAC_MD5, "abc", 1, "900150983cd24fb0d6963f7d28e17f72"},
	{SUMAC_MD5, "message digest", 1, "f96b697d7cb7938d525a2f31aaf161d0"},
	{SUMAC_MD5, "abcdefghijklmnopqrstuvwxyz", 1, "c3fcd3d76192e4007dfb496cca67e13b"},
	{SUMAC_MD5, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 1,
	 "d174ab98d277d9f5a5611c2c9f419d9f"},
	{SUMAC_MD5, "1234567890", 8, "57edf4a22be3c955ac49da2e2107b67a"},
	/* RFC 7693 Appendix A; every other length and message is in
	 * vectors/blake2b/ (run_blake2b_file). */
	{SUMAC_BLAKE2B, "abc", 1,
	 "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4"
	 "5"
	 "33cc9518d38aa8dbf1925ab92386edd4009923"},
	/* NIST's SHA-3 examples (FIPS 202 example values, "abc"), and a
	 * million "a": digests from Python's hashlib, which agree with
	 * published values. */
	{SUMAC_SHA3_224, "abc", 1, "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"},
	{SUMAC_SHA3_256, "abc", 1,
	 "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
	{SUMAC_SHA3_384, "abc", 1,
	 "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf22"
	 "8376d25"},
	{SUMAC_SHA3_512, "abc", 1,
	 "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec5764"
	 "7e3934057340b4cf408d5a56592f8274eec53f0"},
	{SUMAC_SHA3_224, "a", 1000000, "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c"},
	{SUMAC_SHA3_256, "a", 1000000,
	 "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1"},
	{SUMAC_SHA3_384, "a", 1000000,
	 "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e76847aa0774ddb90a842190d2c558"
	 "b4b8340"},
	{SUMAC_SHA3_512, "a", 1000000,
	 "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859ed311d0a9d5141ce9cc5c66ee"
	 "689b266a8aa18ace8282a0e0db596c90b0a7b87"},
/* The 1 GiB "extremely long message": its bit length, 2^33, does not
 * fit in 32 bits. */
#define MLONG "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
	{SUMAC_SHA1, MLONG, 16777216, "7789f0c9ef7bfc40d93311143dfbe69e2017f592"},
	/* Its BLAKE2b-512, from GNU coreutils 9.1's b2sum: a counter past
	 * 2^32 bytes' worth of bits. */
	{SUMAC_BLAKE2B, MLONG, 16777216,
	 "d6f56276fdbec5e125f6779f3bba9aa398bb37bbc46cdbad18dedf514ef9242ba89313196ac0039b4710856b9"
	 "0"
	 "a9b0d82dacc4a9bab76e8f20b6215d571f0dd7"},
	{SUMAC_SHA256, MLONG, 16777216,
	 "50e72a0e26442fe2552dc3938ac58658228c0cbfb1d2ca872ae435266fcd055e"},
	/* No SHA-3 row: the sponge's padding holds no length, so 2^33 bits
	 * test nothing that a million "a" does not, and each row would pay
	 * 2 s natively and minutes under the CI's emulators. */
};

/* Whether the 1 GiB message tells anything on impl that portable's row
 * has not: where the message's length lives in its padding, written once
 * in the framing for every block row (hash/framing.c), a 2^33-bit length
 * is checked on the portable row and on the library rows, which count
 * for themselves; a block kernel only sees whole blocks, which LongMsg
 * and the cross-check feed it.  BLAKE2b's kernels carry the byte counter
 * themselves, so each of its rows runs it. */
static bool long_message_tells(const struct sumac_impl *impl, const struct known *k)
{
	if (k->repeat * strlen(k->msg) < ((size_t)1 << 30))
		return true;
	return !impl->blocks || sumac_algo_info(k->algo)->family == SUMAC_FAMILY_BLAKE2B ||
	       impl == sumac_portable_impl(impl->family);
}

/* Feeds msg x repeat through a 1 MiB staging buffer, as a file would be. */
static void run_known(const struct sumac_impl *impl, const struct known *k)
{
	const unsigned dlen = sumac_algo_info(k->algo)->digest_len;
	const size_t mlen = strlen(k->msg);
	unsigned char want[SUMAC_MAX_DIGEST] = {0}, got[SUMAC_MAX_DIGEST];
	struct sumac_ctx ctx;
	static unsigned char chunk[1 << 20];
	size_t per_chunk = mlen ? sizeof chunk / mlen : 0;
	unsigned long left = k->repeat;

	hex_decode(k->digest, want, dlen);
	for (size_t i = 0; i < per_chunk; i++)
		memcpy(chunk + i * mlen, k->msg, mlen);
	int err = sumac_init(&ctx, k->algo, impl);
	while (!err && mlen && left) {
		size_t n = left < per_chunk ? left : per_chunk;
		sumac_update(&ctx, chunk, n * mlen);
		left -= n;
	}
	if (!err)
		err = sumac_final(&ctx, got);
	tap_ok(err == 0 && memcmp(want, got, dlen) == 0, "%s: %.20s%s x %lu", impl->driver, k->msg,
	       mlen > 20 ? "..." : "", k->repeat);
}

/* The message of a record of blake2b/, sm3/ or crc/ (vectors/README):
 * "hex:<hex>", "rep:<hex>*<count>" or "ramp:<n>", of len bytes. */
static unsigned char *record_message(const char *spec, size_t len)
{
	unsigned char *m = malloc(len ? len : 1);
	if (!m)
		return NULL;
	if (strncmp(spec, "hex:", 4) == 0) {
		if (strlen(spec + 4) != 2 * len || !hex_decode(spec + 4, m, len)) {
			free(m);
			return NULL;
		}
	} else if (strncmp(spec, "rep:", 4) == 0) {
		const char *star = strchr(spec, '*');
		unsigned char unit[64];
		const size_t ulen = star ? (size_t)(star - spec - 4) / 2 : 0;
		char hex[2 * sizeof unit + 1];
		if (!star || ulen == 0 || ulen > sizeof unit ||
		    strtoul(star + 1, NULL, 10) * ulen != len) {
			free(m);
			return NULL;
		}
		memcpy(hex, spec + 4, 2 * ulen);
		hex[2 * ulen] = '\0';
		if (!hex_decode(hex, unit, ulen)) {
			free(m);
			return NULL;
		}
		for (size_t i = 0; i < len; i++)
			m[i] = unit[i % ulen];
	} else if (strncmp(spec, "ramp:", 5) == 0 && strtoul(spec + 5, NULL, 10) == len) {
		for (size_t i = 0; i < len; i++)
			m[i] = (unsigned char)i;
	} else {
		free(m);
		return NULL;
	}
	return m;
}

/* The blake2b/ files: "len=N msg=SPEC bits=B digest=HEX" records, each
 * checked at its digest length (sumac_init_len), whole and fed in two
 * pieces split at a block boundary and at an odd place. */
static void run_blake2b_file(const char *dir, const char *file, const struct sumac_impl *impl)
{
	char path[4096];
	size_t size;
	struct tally t = {0, 0};

	snprintf(path, sizeof path, "%s/blake2b/%s", dir, file);
	char *text = read_file(path, &size);
	if (!tap_ok(text != NULL, "%s: read %s", impl->driver, path))
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char spec[8192], hex[200];
		unsigned long len, bits;
		if (line[0] == '#' || line[0] == '\0')
			continue;
		t.run++;
		if (sscanf(line, "len=%lu msg=%8191s bits=%lu digest=%199s", &len, spec, &bits,
			   hex) != 4 ||
		    bits % 8 || bits == 0 || bits > 512 || strlen(hex) != bits / 4)
			continue;
		unsigned char *msg = record_message(spec, len);
		unsigned char want[64], got[64];
		if (!msg || !hex_decode(hex, want, bits / 8)) {
			free(msg);
			continue;
		}
		bool ok = sumac_digest_len(SUMAC_BLAKE2B, impl, (unsigned)(bits / 8), msg, len,
					   got) == 0 &&
			  memcmp(got, want, bits / 8) == 0;
		const size_t cuts[2] = {len / 128 * 128, len / 3};
		for (int c = 0; c < 2 && ok; c++) {
			struct sumac_ctx ctx;
			ok = sumac_init_len(&ctx, SUMAC_BLAKE2B, impl, (unsigned)(bits / 8)) == 0;
			if (!ok)
				break;
			sumac_update(&ctx, msg, cuts[c]);
			sumac_update(&ctx, msg + cuts[c], len - cuts[c]);
			ok = sumac_final(&ctx, got) == 0 && memcmp(got, want, bits / 8) == 0;
		}
		t.passed += ok;
		if (!ok)
			tap_diag("%s: %s: mismatch on: %.60s", impl->driver, file, line);
		free(msg);
	}
	free(text);
	tap_ok(t.run > 0 && t.passed == t.run, "%s: %s (%u of %u)", impl->driver, file, t.passed,
	       t.run);
}

/* The record files whose answer is one field per algorithm: sm3/'s
 * digest=HEX, and crc/checksums.txt, one line per message with a field
 * for each checksum (a decimal number, the digest being its digest_len
 * bytes big-endian, as `cksum --raw` writes them). */
struct record_set {
	enum sumac_algo algo;
	const char *file;  /* under vectors/ */
	const char *field; /* "digest" or "sysv" ...: the answer's key */
	bool decimal;
};

#define RECORD_MAX_LEN ((size_t)64 << 20) /* crc/'s 4 GiB + 1 message is left out */

static const struct record_set record_sets[] = {
#if !SUMAC_TEST_FAMILIES
	{SUMAC_SM3, "sm3/sm3.txt", "digest", false},
	{SUMAC_CRC, "crc/checksums.txt", "crc", true},
	{SUMAC_CRC32B, "crc/checksums.txt", "crc32b", true},
	{SUMAC_SYSV, "crc/checksums.txt", "sysv", true},
	{SUMAC_BSD, "crc/checksums.txt", "bsd", true},
#endif
	{SUMAC_NALGO, NULL, NULL, false}, /* no empty array */
};

/* The value of " key=" in a record line (up to the next blank), in buf. */
static bool record_field(const char *line, const char *key, char *buf, size_t size)
{
	const size_t k = strlen(key);
	for (const char *p = line; (p = strstr(p, key)) != NULL; p += k) {
		if ((p != line && p[-1] != ' ') || p[k] != '=')
			continue;
		const size_t n = strcspn(p + k + 1, " \r\n");
		if (n >= size)
			return false;
		memcpy(buf, p + k + 1, n);
		buf[n] = '\0';
		return true;
	}
	return false;
}

static bool record_answer(const struct record_set *rs, const char *value, unsigned char *want)
{
	const unsigned dlen = sumac_algo_info(rs->algo)->digest_len;
	if (!rs->decimal)
		return strlen(value) == 2 * dlen && hex_decode(value, want, dlen);
	char *end;
	unsigned long long v = strtoull(value, &end, 10);
	if (*value == '\0' || *end != '\0' || (dlen < 8 && v >> (8 * dlen) != 0))
		return false;
	for (unsigned i = dlen; i-- > 0; v >>= 8)
		want[i] = (unsigned char)v;
	return true;
}

/* One record whole, then split at the largest multiple of 64 (a block of
 * most families, a run of the vector cores) and at a third. */
static bool record_ok(const struct sumac_impl *impl, enum sumac_algo algo, const unsigned char *msg,
		      size_t len, const unsigned char *want)
{
	const unsigned dlen = sumac_algo_info(algo)->digest_len;
	unsigned char got[SUMAC_MAX_DIGEST];
	const size_t cuts[2] = {len / 64 * 64, len / 3};

	if (sumac_digest(algo, impl, msg, len, got) != 0 || memcmp(got, want, dlen) != 0)
		return false;
	for (int c = 0; c < 2; c++) {
		struct sumac_ctx ctx;
		if (sumac_init(&ctx, algo, impl) != 0)
			return false;
		sumac_update(&ctx, msg, cuts[c]);
		sumac_update(&ctx, msg + cuts[c], len - cuts[c]);
		if (sumac_final(&ctx, got) != 0 || memcmp(got, want, dlen) != 0)
			return false;
	}
	return true;
}

static void run_record_set(const char *dir, const struct record_set *rs,
			   const struct sumac_impl *impl)
{
	char path[4096];
	size_t size;
	struct tally t = {0, 0};
	unsigned skipped = 0;

	snprintf(path, sizeof path, "%s/%s", dir, rs->file);
	char *text = read_file(path, &size);
	if (!tap_ok(text != NULL, "%s: read %s", impl->driver, path))
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char spec[8192], value[200];
		unsigned long long len;
		unsigned char want[SUMAC_MAX_DIGEST];
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (sscanf(line, "len=%llu msg=%8191s", &len, spec) == 2 && len > RECORD_MAX_LEN) {
			skipped++;
			continue;
		}
		t.run++;
		if (sscanf(line, "len=%llu msg=%8191s", &len, spec) != 2 ||
		    !record_field(line, rs->field, value, sizeof value) ||
		    !record_answer(rs, value, want)) {
			tap_diag("%s: %s: unreadable record: %.60s", impl->driver, rs->file, line);
			continue;
		}
		unsigned char *msg = record_message(spec, (size_t)len);
		const bool ok = msg && record_ok(impl, rs->algo, msg, (size_t)len, want);
		t.passed += ok;
		if (!ok)
			tap_diag("%s: %s: mismatch on: %.60s", impl->driver, rs->file, line);
		free(msg);
	}
	free(text);
	tap_ok(t.run > 0 && t.passed == t.run,
	       "%s as %s: %s %s= (%u of %u; %u over %zu MiB left out)", impl->driver,
	       sumac_algo_info(rs->algo)->name, rs->file, rs->field, t.passed, t.run, skipped,
	       RECORD_MAX_LEN >> 20);
}

int main(void)
{
	const char *dir = getenv("SUMAC_VECTORS");
	if (!dir)
		dir = "vectors";

	/* Every algorithm has known answers of some kind. */
	for (int a = SUMAC_FIRST_TESTED_ALGO; a < SUMAC_NALGO; a++) {
		bool any = sumac_algo_info((enum sumac_algo)a)->kat != NULL;
		for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++)
			any |= examples[k].algo == (enum sumac_algo)a;
		for (size_t r = 0; record_sets[r].file; r++)
			any |= record_sets[r].algo == (enum sumac_algo)a;
		tap_ok(any, "%s has known answers", sumac_algo_info((enum sumac_algo)a)->name);
	}

	for (size_t i = 0; i < sumac_nimpls; i++) {
		const struct sumac_impl *impl = &sumac_impls[i];
		if (!sumac_impl_usable(impl)) {
			tap_diag("%s: %s, not tested", impl->driver,
				 sumac_impl_compiled(impl) ? "not usable on this CPU"
							   : "not compiled in");
			continue;
		}
		for (int a = SUMAC_FIRST_TESTED_ALGO; a < SUMAC_NALGO; a++) {
			const struct sumac_algo_info *ai = sumac_algo_info((enum sumac_algo)a);
			if (ai->kat && sumac_impl_serves(impl, (enum sumac_algo)a))
				run_cavp(dir, impl, (enum sumac_algo)a, ai->kat);
		}
		if (SUMAC_FIRST_TESTED_ALGO == 0 && sumac_impl_serves(impl, SUMAC_BLAKE2B)) {
			run_blake2b_file(dir, "rfc7693-appendix-a.txt", impl);
			run_blake2b_file(dir, "blake2b-kat-unkeyed.txt", impl);
			run_blake2b_file(dir, "blake2b-digest-lengths.txt", impl);
		}
		for (size_t r = 0; record_sets[r].file; r++)
			if (sumac_impl_serves(impl, record_sets[r].algo))
				run_record_set(dir, &record_sets[r], impl);
		for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++)
			if ((int)examples[k].algo >= SUMAC_FIRST_TESTED_ALGO &&
			    sumac_impl_serves(impl, examples[k].algo) &&
			    long_message_tells(impl, &examples[k]))
				run_known(impl, &examples[k]);
	}
	return tap_done();
}
