/* SPDX-License-Identifier: MIT */
/* The registry table and the choice of an implementation.
 *
 * Entries for backends that configure did not build are left out by the
 * preprocessor; a backend token that is known but not compiled in is still
 * reported as such, so that --backend and --list-backends can say so. */
#include "config.h"

#include <string.h>

#include "hash/hwcaps.h"
#include "hash/portable/portable.h"
#include "hash/registry.h"
#if HAVE_X86_SHA
#include "hash/x86/shani.h"
#endif
#if HAVE_X86_AVX2
#include "hash/x86/avx2.h"
#endif
#if HAVE_X86_AVX512
#include "hash/x86/avx512.h"
#endif
#if HAVE_X86_BMI
#include "hash/x86/bmi.h"
#endif
#if HAVE_X86_SSSE3
#include "hash/x86/ssse3.h"
#endif
#if HAVE_X86_PCLMUL || HAVE_X86_VPCLMUL || HAVE_X86_AVX512_VPCLMUL
#include "hash/x86/pclmul.h"
#endif
#if HAVE_ARM_SHA2 || HAVE_ARM_SHA512
#include "hash/arm/armv8.h"
#endif
#if HAVE_COMMONCRYPTO
#include "hash/apple/commoncrypto.h"
#endif
#if HAVE_OPENSSL
#include "hash/openssl/openssl.h"
#endif

#define ALGOS_SHA384_512 (SUMAC_ALGO_BIT(SUMAC_SHA384) | SUMAC_ALGO_BIT(SUMAC_SHA512))

/* A backend that configure left out keeps its rows, with no code. */
#if HAVE_X86_SHA
#define IF_SHANI(x) x
#else
#define IF_SHANI(x) NULL
#endif
#if HAVE_X86_AVX2
#define IF_AVX2(x) x
#else
#define IF_AVX2(x) NULL
#endif
#if HAVE_X86_AVX512
#define IF_AVX512(x) x
#else
#define IF_AVX512(x) NULL
#endif
#if HAVE_X86_SSSE3
#define IF_SSSE3(x) x
#else
#define IF_SSSE3(x) NULL
#endif
#if HAVE_X86_PCLMUL
#define IF_PCLMUL(x) x
#else
#define IF_PCLMUL(x) NULL
#endif
#if HAVE_X86_VPCLMUL
#define IF_VPCLMUL(x) x
#else
#define IF_VPCLMUL(x) NULL
#endif
#if HAVE_X86_AVX512_VPCLMUL
#define IF_AVX512_VPCLMUL(x) x
#else
#define IF_AVX512_VPCLMUL(x) NULL
#endif
#if HAVE_ARM_SHA2
#define IF_ARM_SHA2(x) x
#else
#define IF_ARM_SHA2(x) NULL
#endif
#if HAVE_ARM_SHA512
#define IF_ARM_SHA512(x) x
#else
#define IF_ARM_SHA512(x) NULL
#endif
#if HAVE_COMMONCRYPTO
#define IF_COMMONCRYPTO(x) x
#else
#define IF_COMMONCRYPTO(x) NULL
#endif
#if HAVE_OPENSSL
#define IF_OPENSSL(x) x
#else
#define IF_OPENSSL(x) NULL
#endif

/* SHA-NI (CPUID.7.0:EBX bit 29) code also uses SSSE3 shuffles and SSE4.1
 * blends and extracts, so all three must be present. */
static bool shani_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_sha && cpu->x86_ssse3 && cpu->x86_sse41;
}

/* AVX2 message schedule (with the OS saving YMM state) and BMI2 rorx rounds. */
static bool avx2_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_avx2 && cpu->x86_bmi2;
}

/* The AVX2 row's needs, and AVX-512F + VL (vprorq, vpternlogq on ymm). */
static bool avx512_usable(const struct sumac_cpu *cpu)
{
	return avx2_usable(cpu) && cpu->x86_avx512vl;
}

/* AMD's Zen 5 (family 1Ah) and later: vector adds, xors and shuffles take
 * two cycles there, where a one-message vector kernel loses to a scalar
 * one on the same chain. */
static bool amd_zen5_or_later(void)
{
	return sumac_cpu_x86_amd() && sumac_cpu_x86_family() >= 0x1a;
}

static bool ssse3_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_ssse3;
}

/* The CRC folding kernels: pclmulqdq, with pshufb (SSSE3) for the
 * byte order of cksum's CRC and pextrd (SSE4.1) for the register. */
static bool pclmul_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_pclmul && cpu->x86_ssse3 && cpu->x86_sse41;
}

/* The ymm form: vpclmulqdq with AVX2 (whose flag also says the OS saves
 * the YMM state); its tail is the xmm form's code, VEX-encoded. */
static bool vpclmul_usable(const struct sumac_cpu *cpu)
{
	return cpu->x86_vpclmul && cpu->x86_avx2 && pclmul_usable(cpu);
}

/* The zmm form: vpclmulqdq on zmm, vpternlogq (AVX-512F), lane extracts
 * (AVX-512F), vpshufb on zmm (AVX-512BW); its tail is the xmm code. */
static bool avx512_vpclmul_usable(const struct sumac_cpu *cpu)
{
	return vpclmul_usable(cpu) && cpu->x86_avx512vl && cpu->x86_avx512bw;
}

static bool armv8_sha1_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_sha1;
}

static bool armv8_sha2_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_sha2;
}

static bool armv8_sha512_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_sha512;
}

static bool armv8_pmull_usable(const struct sumac_cpu *cpu)
{
	return cpu->arm_pmull;
}

/* The names GNU cksum checks for its CRC paths of each width (the crc
 * rows' hwcaps, below). */
#define HWCAPS_XMM (SUMAC_HWCAP_BIT(SUMAC_HWCAP_AVX) | SUMAC_HWCAP_BIT(SUMAC_HWCAP_PCLMULQDQ))
#define HWCAPS_YMM (SUMAC_HWCAP_BIT(SUMAC_HWCAP_AVX2) | SUMAC_HWCAP_BIT(SUMAC_HWCAP_VPCLMULQDQ))
#define HWCAPS_ZMM                                                                                 \
	(SUMAC_HWCAP_BIT(SUMAC_HWCAP_AVX512F) | SUMAC_HWCAP_BIT(SUMAC_HWCAP_AVX512BW) |            \
	 SUMAC_HWCAP_BIT(SUMAC_HWCAP_VPCLMULQDQ))

/* The portable row of every family of algorithms.h, with the looped
 * many-message reference. */
#define PORTABLE_ROW_(ID, ident, state, block)                                                     \
	{.driver = #ident "-portable",                                                             \
	 .backend = "portable",                                                                    \
	 .family = SUMAC_FAMILY_##ID,                                                              \
	 .priority = 100,                                                                          \
	 .lanes = SUMAC_PORTABLE_LANES,                                                            \
	 .lanes_reference = true,                                                                  \
	 .blocks = sumac_##ident##_blocks_portable,                                                \
	 .lanes_blocks = sumac_##ident##_lanes_portable,                                           \
	 .lanes_chain = sumac_##ident##_lanes_chain_portable},

/* OpenSSL's SHA-3, one row per SHA-3 family. */
#define SHA3_OPENSSL_ROW_(ID, ident, state, block)                                                 \
	{.driver = #ident "-openssl",                                                              \
	 .backend = "openssl",                                                                     \
	 .family = SUMAC_FAMILY_##ID,                                                              \
	 .priority = 150,                                                                          \
	 .stream = IF_OPENSSL(&sumac_openssl_stream)},

/* One SHA-3 message on the x86 rows: the rounds with BMI1's andn
 * (x86/sha3_bmi.c, hash/keccak.h's plain chi) where configure built them,
 * else the portable ones. */
#if HAVE_X86_BMI
#define SHA3_X86_BLOCKS(ident) sumac_##ident##_blocks_bmi
#else
#define SHA3_X86_BLOCKS(ident) sumac_##ident##_blocks_portable
#endif

/* The SHA-3 lanes (x86/sha3_avx512_lanes.c), eight messages in zmm
 * registers.  Measured on a Zen 5 (gcc 12 and clang 14), eight live lanes
 * 7.1x / 4.8x one portable stream. */
#define SHA3_AVX512_ROW_(ID, ident, state, block)                                                  \
	{.driver = #ident "-x86-avx512",                                                           \
	 .backend = "x86-avx512",                                                                  \
	 .family = SUMAC_FAMILY_##ID,                                                              \
	 .priority = 245,                                                                          \
	 .usable = avx512_usable,                                                                  \
	 .blocks = IF_AVX512(SHA3_X86_BLOCKS(ident)),                                              \
	 .lanes = 8,                                                                               \
	 .lanes_blocks = IF_AVX512(sumac_##ident##_lanes_avx512)},

/* The same four at a time in ymm registers (x86/sha3_avx2_lanes.c), for
 * CPUs without AVX-512: four live lanes measured 2.3x (gcc 12) and 2.6x
 * (clang 14) four portable streams on a Zen 5. */
#define SHA3_AVX2_ROW_(ID, ident, state, block)                                                    \
	{.driver = #ident "-x86-avx2",                                                             \
	 .backend = "x86-avx2",                                                                    \
	 .family = SUMAC_FAMILY_##ID,                                                              \
	 .priority = 240,                                                                          \
	 .usable = avx2_usable,                                                                    \
	 .blocks = IF_AVX2(SHA3_X86_BLOCKS(ident)),                                                \
	 .lanes = 4,                                                                               \
	 .lanes_blocks = IF_AVX2(sumac_##ident##_lanes_avx2)},

/* Order: best first within a priority, which is the order auto tries
 * entries of equal priority in; the order of first appearance is also the
 * order backends are listed in. */
const struct sumac_impl sumac_impls[] = {
	{.driver = "sha1-x86-shani",
	 .backend = "x86-shani",
	 .family = SUMAC_FAMILY_SHA1,
	 .priority = 250,
	 .lanes = 4,
	 .usable = shani_usable,
	 .blocks = IF_SHANI(sumac_sha1_blocks_shani),
	 .lanes_blocks = IF_SHANI(sumac_sha1_lanes_shani),
	 .lanes_chain = IF_SHANI(sumac_sha1_lanes_chain_shani)},
	{.driver = "sha256-x86-shani",
	 .backend = "x86-shani",
	 .family = SUMAC_FAMILY_SHA256,
	 .priority = 250,
	 .usable = shani_usable,
	 .lanes = 4,
	 .blocks = IF_SHANI(sumac_sha256_blocks_shani),
	 .lanes_blocks = IF_SHANI(sumac_sha256_lanes_shani)},
	/* bench/results/2026-12-01-amd-epyc.md (Zen 5, SHA-NI masked):
	 * 1.05x OpenSSL's SHA1() and 1.4x portable at 1 MiB and 64 MiB,
	 * 1.3x portable at 1 KiB, 1.09x at 16 B.  Its lanes, for many
	 * files where SHA-NI is missing, in process on a 2-vCPU Zen 5: 8 live
	 * lanes 2.2x this row's one stream (gcc 12), 2.4x (clang 14), at
	 * 64 MiB and at 4 KiB messages; 4 live lanes 1.15x / 1.3x. */
	{.driver = "sha1-x86-avx2",
	 .backend = "x86-avx2",
	 .family = SUMAC_FAMILY_SHA1,
	 .priority = 240,
	 .lanes = 8,
	 .usable = avx2_usable,
	 .blocks = IF_AVX2(sumac_sha1_blocks_avx2),
	 .lanes_blocks = IF_AVX2(sumac_sha1_lanes_avx2)},
	/* The same report: 1.10x OpenSSL's SHA256() (its AVX2 code) and 1.5x
	 * portable at 1 MiB and 64 MiB, 1.5x portable at 1 KiB, 1.4x at
	 * 16 B.  Its lanes, the same way: 8 live lanes 2.0-2.1x this row's
	 * one stream (gcc 12), 2.5x (clang 14); 4 live lanes 1.05x /
	 * 1.3x. */
	{.driver = "sha256-x86-avx2",
	 .backend = "x86-avx2",
	 .family = SUMAC_FAMILY_SHA256,
	 .priority = 240,
	 .lanes = 8,
	 .usable = avx2_usable,
	 .blocks = IF_AVX2(sumac_sha256_blocks_avx2),
	 .lanes_blocks = IF_AVX2(sumac_sha256_lanes_avx2)},
	/* One stream with its rounds split between scalar and xmm registers
	 * (x86/sha512_avx512.c).  On a Zen 4, 1.07x sha512-x86-avx2 and 1.04x
	 * OpenSSL's SHA512() at 1 MiB and 64 MiB (gcc 12).  On an Intel Xeon
	 * (family 6 model 207, 2026-12-05), 1.01-1.11x the scalar row with
	 * gcc 12 and 1.07-1.19x with clang 14 at 1 MiB and 64 MiB, where the
	 * scalar rounds fell to 0.85-0.96x OpenSSL with clang.  Not on Zen 5,
	 * where the scalar rows were tuned and the split was never measured:
	 * auto takes the row below there.  First of the two, so that
	 * --backend x86-avx512 runs this one. */
	{.driver = "sha512-x86-avx512",
	 .backend = "x86-avx512",
	 .family = SUMAC_FAMILY_SHA512,
	 .priority = 246,
	 .usable = avx512_usable,
	 .slower_here = amd_zen5_or_later,
	 .blocks = IF_AVX512(sumac_sha512_blocks_avx512),
	 .lanes = 8,
	 .lanes_blocks = IF_AVX512(sumac_sha512_lanes_avx512)},
	/* The one-stream code of sha512-x86-avx2 (auto's choice on Zen 5; this
	 * row exists for its lane kernel), priority just above that row: eight
	 * lanes measured 4.1-4.2x one stream of it on a Zen 5 and four lanes
	 * 2.4-2.5x, against 1.3-1.4x for the four of the AVX2 lane kernel. */
	{.driver = "sha512-x86-avx512-scalar",
	 .backend = "x86-avx512",
	 .family = SUMAC_FAMILY_SHA512,
	 .priority = 245,
	 .usable = avx512_usable,
	 .blocks = IF_AVX512(sumac_sha512_blocks_avx2),
	 .lanes = 8,
	 .lanes_blocks = IF_AVX512(sumac_sha512_lanes_avx512)},
	/* Measured 1.45-1.53x portable on 64 MiB, 1.19x at 1 KiB, and at
	 * least even with it for a single-block message (1.02x at 16 B). */
	{.driver = "sha512-x86-avx2",
	 .backend = "x86-avx2",
	 .family = SUMAC_FAMILY_SHA512,
	 .priority = 240,
	 .usable = avx2_usable,
	 .blocks = IF_AVX2(sumac_sha512_blocks_avx2),
	 .lanes = 4,
	 .lanes_blocks = IF_AVX2(sumac_sha512_lanes_avx2)},
	/* One message in ymm rows (blake2b_avx512.c): 1.43-1.50x the scalar
	 * kernel below on a Zen 4 (1.47 GB/s in process, gcc 12).  On a Zen 5
	 * the scalar kernel measured 1.4-2x an earlier ymm kernel, vector adds
	 * and shuffles taking two cycles there on a chain of dependent steps:
	 * auto keeps the scalar one on AMD family 1Ah and later. */
	{.driver = "blake2b-x86-avx512",
	 .backend = "x86-avx512",
	 .family = SUMAC_FAMILY_BLAKE2B,
	 .priority = 255,
	 .usable = avx512_usable,
	 .slower_here = amd_zen5_or_later,
	 .blocks = IF_AVX512(sumac_blake2b_blocks_avx512)},
	/* The scalar rorx kernel (blake2b_bmi2.c): on a Zen 5 it measured
	 * 1.4-2x a ymm kernel (rows in ymm registers, vpshufb rotations; also
	 * with AVX-512VL's vprorq) and even with OpenSSL's EVP BLAKE2b-512 in
	 * process, since vector adds and shuffles take two cycles there and
	 * the compression is one dependent chain. */
	{.driver = "blake2b-x86-avx2",
	 .backend = "x86-avx2",
	 .family = SUMAC_FAMILY_BLAKE2B,
	 .priority = 240,
	 .usable = avx2_usable,
	 .blocks = IF_AVX2(sumac_blake2b_blocks_bmi2)},
	/* MD5 is one chain of dependent steps that no x86 instruction
	 * shortens, so sumac has no faster one-stream MD5 than the portable
	 * one, which this row uses for one message (1.05x OpenSSL's MD5() at
	 * 64 MiB, gcc 12 and clang 14, on a 2-vCPU Zen 5).  Many messages
	 * go 8 at a time through the AVX2 lanes: in process there, 8 live
	 * lanes 3.1x one portable stream (gcc 12), 3.3x (clang 14), at
	 * 64 MiB and at 4 KiB messages; 4 live lanes 1.6x / 1.7x.  (Its
	 * vector adds and logic take 2 cycles, its scalar ones 1: the
	 * lanes' step chain is what bounds them.) */
	{.driver = "md5-x86-avx2",
	 .backend = "x86-avx2",
	 .family = SUMAC_FAMILY_MD5,
	 .priority = 240,
	 .lanes = 8,
	 .usable = avx2_usable,
	 .blocks = IF_AVX2(sumac_md5_blocks_portable),
	 .lanes_blocks = IF_AVX2(sumac_md5_lanes_avx2)},
	/* CRC-32 by carry-less multiplication (hash/x86/crc_fold.h).  The
	 * zmm kernel folds sixteen chunks at once, the ymm one eight, the
	 * xmm one four.  In process on a 2-vCPU Zen 5 (bench/speed, 1 MiB):
	 * zmm 1.9x ymm, ymm about 2x xmm, xmm 5x portable.
	 * hwcaps: glibc.cpu.hwcaps turns each crc row off with the names GNU
	 * cksum checks for its own path of that width: AVX512F, AVX512BW and
	 * VPCLMULQDQ for zmm; AVX2 and VPCLMULQDQ for ymm; AVX and PCLMULQDQ
	 * for xmm (GNU checks no AVX for the wider two).  GNU's crc32b has
	 * one path, gnulib's xmm one (AVX and PCLMULQDQ), so those two turn
	 * every crc32b row off, each wider one also by its width's names:
	 * no setting runs a kernel GNU would keep off. */
	{.driver = "crc-x86-avx512",
	 .backend = "x86-avx512",
	 .family = SUMAC_FAMILY_CRC,
	 .priority = 255,
	 .usable = avx512_vpclmul_usable,
	 .hwcaps = HWCAPS_ZMM,
	 .blocks = IF_AVX512_VPCLMUL(sumac_crc_blocks_avx512)},
	{.driver = "crc32b-x86-avx512",
	 .backend = "x86-avx512",
	 .family = SUMAC_FAMILY_CRC32B,
	 .priority = 255,
	 .usable = avx512_vpclmul_usable,
	 .hwcaps = HWCAPS_XMM | HWCAPS_ZMM,
	 .blocks = IF_AVX512_VPCLMUL(sumac_crc32b_blocks_avx512)},
	{.driver = "crc-x86-vpclmul",
	 .backend = "x86-vpclmul",
	 .family = SUMAC_FAMILY_CRC,
	 .priority = 250,
	 .usable = vpclmul_usable,
	 .hwcaps = HWCAPS_YMM,
	 .blocks = IF_VPCLMUL(sumac_crc_blocks_vpclmul)},
	{.driver = "crc32b-x86-vpclmul",
	 .backend = "x86-vpclmul",
	 .family = SUMAC_FAMILY_CRC32B,
	 .priority = 250,
	 .usable = vpclmul_usable,
	 .hwcaps = HWCAPS_XMM | HWCAPS_YMM,
	 .blocks = IF_VPCLMUL(sumac_crc32b_blocks_vpclmul)},
	{.driver = "crc-x86-pclmul",
	 .backend = "x86-pclmul",
	 .family = SUMAC_FAMILY_CRC,
	 .priority = 240,
	 .usable = pclmul_usable,
	 .hwcaps = HWCAPS_XMM,
	 .blocks = IF_PCLMUL(sumac_crc_blocks_pclmul)},
	{.driver = "crc32b-x86-pclmul",
	 .backend = "x86-pclmul",
	 .family = SUMAC_FAMILY_CRC32B,
	 .priority = 240,
	 .usable = pclmul_usable,
	 .hwcaps = HWCAPS_XMM,
	 .blocks = IF_PCLMUL(sumac_crc32b_blocks_pclmul)},
	/* For x86 CPUs without AVX2: about 1.4x portable on a Zen 5 with
	 * AVX2 masked, as fast there as sha1-x86-avx2. */
	{.driver = "sha1-x86-ssse3",
	 .backend = "x86-ssse3",
	 .family = SUMAC_FAMILY_SHA1,
	 .priority = 230,
	 .usable = ssse3_usable,
	 .blocks = IF_SSSE3(sumac_sha1_blocks_ssse3)},
	{.driver = "sha1-armv8",
	 .backend = "armv8",
	 .family = SUMAC_FAMILY_SHA1,
	 .priority = 200,
	 .lanes = 2,
	 .usable = armv8_sha1_usable,
	 .blocks = IF_ARM_SHA2(sumac_sha1_blocks_armv8),
	 .lanes_blocks = IF_ARM_SHA2(sumac_sha1_lanes_armv8)},
	{.driver = "sha256-armv8",
	 .backend = "armv8",
	 .family = SUMAC_FAMILY_SHA256,
	 .priority = 200,
	 .lanes = 2,
	 .usable = armv8_sha2_usable,
	 .blocks = IF_ARM_SHA2(sumac_sha256_blocks_armv8),
	 .lanes_blocks = IF_ARM_SHA2(sumac_sha256_lanes_armv8)},
	{.driver = "sha512-armv8",
	 .backend = "armv8",
	 .family = SUMAC_FAMILY_SHA512,
	 .priority = 200,
	 .usable = armv8_sha512_usable,
	 .blocks = IF_ARM_SHA512(sumac_sha512_blocks_armv8)},
	/* The CRCs by PMULL folding (arm/crc_pmull.c), in the SHA-1/SHA-256
	 * library's build (+crypto takes in PMULL).  -PMULL keeps both off:
	 * GNU's crc by it, and its crc32b has no hardware path on arm. */
	{.driver = "crc-armv8",
	 .backend = "armv8",
	 .family = SUMAC_FAMILY_CRC,
	 .priority = 200,
	 .usable = armv8_pmull_usable,
	 .hwcaps = SUMAC_HWCAP_BIT(SUMAC_HWCAP_PMULL),
	 .blocks = IF_ARM_SHA2(sumac_crc_blocks_pmull)},
	{.driver = "crc32b-armv8",
	 .backend = "armv8",
	 .family = SUMAC_FAMILY_CRC32B,
	 .priority = 200,
	 .usable = armv8_pmull_usable,
	 .hwcaps = SUMAC_HWCAP_BIT(SUMAC_HWCAP_PMULL),
	 .blocks = IF_ARM_SHA2(sumac_crc32b_blocks_pmull)},
	/* Advanced SIMD is in every AArch64 CPU: no feature test. */
	{.driver = "blake2b-armv8",
	 .backend = "armv8",
	 .family = SUMAC_FAMILY_BLAKE2B,
	 .priority = 200,
	 .blocks = IF_ARM_SHA2(sumac_blake2b_blocks_neon)},
	/* CommonCrypto has no SHA-512/t and no MD5 here (deprecated there). */
	{.driver = "sha1-commoncrypto",
	 .backend = "commoncrypto",
	 .family = SUMAC_FAMILY_SHA1,
	 .priority = 180,
	 .stream = IF_COMMONCRYPTO(&sumac_commoncrypto_stream)},
	{.driver = "sha256-commoncrypto",
	 .backend = "commoncrypto",
	 .family = SUMAC_FAMILY_SHA256,
	 .priority = 180,
	 .stream = IF_COMMONCRYPTO(&sumac_commoncrypto_stream)},
	{.driver = "sha512-commoncrypto",
	 .backend = "commoncrypto",
	 .family = SUMAC_FAMILY_SHA512,
	 .algos = ALGOS_SHA384_512,
	 .priority = 180,
	 .stream = IF_COMMONCRYPTO(&sumac_commoncrypto_stream)},
	{.driver = "md5-openssl",
	 .backend = "openssl",
	 .family = SUMAC_FAMILY_MD5,
	 .priority = 150,
	 .stream = IF_OPENSSL(&sumac_openssl_stream)},
	{.driver = "sha1-openssl",
	 .backend = "openssl",
	 .family = SUMAC_FAMILY_SHA1,
	 .priority = 150,
	 .stream = IF_OPENSSL(&sumac_openssl_stream)},
	{.driver = "sha256-openssl",
	 .backend = "openssl",
	 .family = SUMAC_FAMILY_SHA256,
	 .priority = 150,
	 .stream = IF_OPENSSL(&sumac_openssl_stream)},
	{.driver = "sha512-openssl",
	 .backend = "openssl",
	 .family = SUMAC_FAMILY_SHA512,
	 .priority = 150,
	 .stream = IF_OPENSSL(&sumac_openssl_stream)},
	/* The SHA-3 rows, from the one list of its families. */
	SUMAC_SHA3_FAMILIES(SHA3_AVX512_ROW_) SUMAC_SHA3_FAMILIES(SHA3_AVX2_ROW_)
		SUMAC_SHA3_FAMILIES(SHA3_OPENSSL_ROW_)
	/* Below portable, so that auto never takes it: OpenSSL 3.0's SM3 is
	 * plain C on x86, and sm3-portable measured 1.06-1.11x it at 1 MiB
	 * and 64 MiB, 1.2x at 1 KiB and 2x at 16 B (bench/speed-openssl,
	 * gcc 12, Zen 5).  It is there for --backend openssl. */
	{.driver = "sm3-openssl",
	 .backend = "openssl",
	 .family = SUMAC_FAMILY_SM3,
	 .priority = 90,
	 .stream = IF_OPENSSL(&sumac_openssl_stream)},
	SUMAC_FAMILIES(PORTABLE_ROW_)};

const size_t sumac_nimpls = sizeof sumac_impls / sizeof sumac_impls[0];

const char *sumac_backend_token(size_t i)
{
	for (size_t r = 0; r < sumac_nimpls; r++) {
		bool first = true;
		for (size_t e = 0; e < r && first; e++)
			first = strcmp(sumac_impls[e].backend, sumac_impls[r].backend) != 0;
		if (first && i-- == 0)
			return sumac_impls[r].backend;
	}
	return NULL;
}

bool sumac_impl_compiled(const struct sumac_impl *impl)
{
	return impl->blocks != NULL || impl->stream != NULL;
}

bool sumac_impl_serves(const struct sumac_impl *impl, enum sumac_algo algo)
{
	if (impl->algos)
		return (impl->algos & SUMAC_ALGO_BIT(algo)) != 0;
	return sumac_algo_info(algo)->family == impl->family;
}

bool sumac_impl_usable(const struct sumac_impl *impl)
{
	return sumac_impl_compiled(impl) && !(impl->hwcaps & sumac_hwcaps_off()) &&
	       (impl->usable == NULL || impl->usable(sumac_cpu_features()));
}

bool sumac_impl_runs_here(const struct sumac_impl *impl)
{
	return sumac_impl_compiled(impl) &&
	       (impl->usable == NULL || impl->usable(sumac_cpu_host()));
}

bool sumac_backend_known(const char *backend)
{
	for (size_t i = 0; i < sumac_nimpls; i++)
		if (strcmp(sumac_impls[i].backend, backend) == 0)
			return true;
	return false;
}

static bool is_portable(const struct sumac_impl *impl)
{
	return strcmp(impl->backend, "portable") == 0;
}

const struct sumac_impl *sumac_portable_impl(enum sumac_family family)
{
	for (size_t i = 0; i < sumac_nimpls; i++)
		if (sumac_impls[i].family == family && is_portable(&sumac_impls[i]))
			return &sumac_impls[i];
	return NULL;
}

void sumac_digest_portable(enum sumac_algo algo, const void *data, size_t len, uint8_t *out)
{
	(void)sumac_digest(algo, sumac_portable_impl(sumac_algo_info(algo)->family), data, len,
			   out);
}

/* Like Linux's testmgr, an accelerated implementation must reproduce the
 * portable answer on a known input before it is trusted: a CPU or VM that
 * advertises an instruction it executes wrongly then costs speed, not
 * correctness.  Two blocks plus a tail cover the multi-block loop. */
static bool impl_selftest(const struct sumac_impl *impl, enum sumac_algo algo)
{
	uint8_t msg[2 * SUMAC_MAX_BLOCK + 17];
	uint8_t want[SUMAC_MAX_DIGEST], got[SUMAC_MAX_DIGEST];
	const unsigned len = sumac_algo_info(algo)->digest_len;

	for (size_t i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 131u + 7u);
	sumac_digest_portable(algo, msg, sizeof msg, want);
	if (sumac_digest(algo, impl, msg, sizeof msg, got) != 0)
		return false;
	return memcmp(want, got, len) == 0;
}

static bool library_refuses(const struct sumac_impl *impl, enum sumac_algo algo)
{
	return impl->stream && impl->stream->supports && !impl->stream->supports(algo);
}

bool sumac_impl_available(const struct sumac_impl *impl, enum sumac_algo algo)
{
	return sumac_impl_usable(impl) && !library_refuses(impl, algo);
}

/* Why impl cannot hash algo now, or SUMAC_SELECT_OK. */
static enum sumac_select_status impl_verdict(const struct sumac_impl *impl, enum sumac_algo algo)
{
	if (!sumac_impl_usable(impl))
		return SUMAC_SELECT_UNUSABLE;
	if (library_refuses(impl, algo))
		return SUMAC_SELECT_REFUSED;
	/* A row chosen for a simulated CPU that this one lacks is not run:
	 * the choice is what such a CPU would make (cpu.h). */
	if (!is_portable(impl) && sumac_impl_runs_here(impl) && !impl_selftest(impl, algo))
		return SUMAC_SELECT_SELFTEST_FAILED;
	return SUMAC_SELECT_OK;
}

/* Every compiled entry of the backend that serves algo is tried, in table
 * order; the first one's refusal is the answer if none can. */
static enum sumac_select_status select_forced(const struct sumac_impl *impls, size_t n,
					      enum sumac_algo algo, const char *backend,
					      struct sumac_selection *sel)
{
	bool named = false, compiled = false;
	enum sumac_select_status first = SUMAC_SELECT_NO_ALGO;

	for (size_t i = 0; i < n; i++) {
		const struct sumac_impl *impl = &impls[i];
		if (strcmp(impl->backend, backend) != 0)
			continue;
		named = true;
		if (!sumac_impl_compiled(impl))
			continue;
		compiled = true;
		if (!sumac_impl_serves(impl, algo))
			continue;
		const enum sumac_select_status why = impl_verdict(impl, algo);
		if (why == SUMAC_SELECT_OK) {
			sel->impl = impl;
			return sel->status = SUMAC_SELECT_OK;
		}
		if (first == SUMAC_SELECT_NO_ALGO)
			first = why;
	}
	if (!compiled)
		return sel->status =
			       named ? SUMAC_SELECT_NOT_COMPILED : SUMAC_SELECT_UNKNOWN_BACKEND;
	return sel->status = first;
}

static void note_skipped(struct sumac_selection *sel, const struct sumac_impl *impl,
			 enum sumac_select_status why)
{
	if (sel->nskipped < sizeof sel->skipped / sizeof sel->skipped[0]) {
		sel->skipped[sel->nskipped] = impl;
		sel->skipped_why[sel->nskipped] = why;
		sel->nskipped++;
	}
}

/* The untried compiled entry serving algo with the highest priority, the
 * first in the table among equals; -1 when none is left. */
static long next_candidate(const struct sumac_impl *impls, size_t n, enum sumac_algo algo,
			   uint64_t tried)
{
	long best = -1;
	for (size_t i = 0; i < n; i++) {
		const struct sumac_impl *impl = &impls[i];
		if ((tried >> i & 1) || !sumac_impl_compiled(impl) ||
		    !sumac_impl_serves(impl, algo))
			continue;
		if (best < 0 || impl->priority > impls[best].priority)
			best = (long)i;
	}
	return best;
}

_Static_assert(sizeof sumac_impls / sizeof sumac_impls[0] <= SUMAC_MAX_IMPLS,
	       "sumac_select_from() looks at SUMAC_MAX_IMPLS rows");

enum sumac_select_status sumac_select_from(const struct sumac_impl *impls, size_t n,
					   enum sumac_algo algo, const char *backend,
					   struct sumac_selection *sel)
{
	uint64_t tried = 0;
	long i;

	memset(sel, 0, sizeof *sel);
	if (n > SUMAC_MAX_IMPLS)
		n = SUMAC_MAX_IMPLS;
	if (backend && strcmp(backend, "auto") != 0)
		return select_forced(impls, n, algo, backend, sel);

	/* Every candidate from the highest priority down, each once: entries
	 * of equal priority are all tried. */
	while ((i = next_candidate(impls, n, algo, tried)) >= 0) {
		const struct sumac_impl *impl = &impls[i];
		tried |= UINT64_C(1) << i;
		const enum sumac_select_status why =
			sumac_impl_usable(impl) && impl->slower_here && impl->slower_here()
				? SUMAC_SELECT_SLOWER_HERE
				: impl_verdict(impl, algo);
		if (why == SUMAC_SELECT_OK) {
			sel->impl = impl;
			return sel->status = SUMAC_SELECT_OK;
		}
		note_skipped(sel, impl, why);
	}
	/* No portable entry: a build bug. */
	return sel->status = SUMAC_SELECT_NO_ALGO;
}

enum sumac_select_status sumac_select(enum sumac_algo algo, const char *backend,
				      struct sumac_selection *sel)
{
	return sumac_select_from(sumac_impls, sumac_nimpls, algo, backend, sel);
}
