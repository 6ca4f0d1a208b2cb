/* SPDX-License-Identifier: MIT */
/* The SHA-1 collision switch and messages. */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/collision.h"
#include "cli/out.h"

static const char *const mode_names[] = {
	[COLLISION_FAIL] = "fail",
	[COLLISION_WARN] = "warn",
	[COLLISION_IGNORE] = "ignore",
};

bool collision_mode_parse(const char *s, enum collision_mode *mode)
{
	for (size_t i = 0; i < sizeof mode_names / sizeof mode_names[0]; i++) {
		if (strcmp(s, mode_names[i]) == 0) {
			*mode = (enum collision_mode)i;
			return true;
		}
	}
	return false;
}

const char *collision_mode_name(unsigned i)
{
	return i < sizeof mode_names / sizeof mode_names[0] ? mode_names[i] : NULL;
}

bool collision_mode_resolve(bool option_given, enum collision_mode *mode)
{
	/* An environment variable under every name: a new long option under
	 * the GNU names would make some abbreviation of theirs ambiguous. */
	const char *env = getenv("SUMAC_SHA1_COLLISIONS");

	if (option_given)
		return true;
	*mode = COLLISION_FAIL;
	if (!env || !*env || collision_mode_parse(env, mode))
		return true;
	const char *q = out_quotef(env);
	const char *m = strcmp(q, env) == 0 ? "'" : "";
	out_error(0, "SUMAC_SHA1_COLLISIONS: invalid value %s%s%s (fail, warn or ignore)", m, q, m);
	return false;
}

bool collision_detects(enum collision_mode mode, enum sumac_algo algo)
{
	return mode != COLLISION_IGNORE && sumac_algo_info(algo)->family == SUMAC_FAMILY_SHA1;
}

void collision_tell(const char *name)
{
	/* Untranslated, as git's message is: one phrase to search for. */
	out_error(0, "%s: appears to be part of a SHA-1 collision attack", out_quotef(name));
}

void collision_tell_debug(const char *name, const struct sumac_sha1dc_hit *hit)
{
	out_error(0, "%s: block at byte %" PRIu64 ", disturbance vector %s, filter %s",
		  out_quotef(name), hit->offset, sumac_sha1dc_dv_name(hit->dv),
		  sumac_sha1dc_filter_name());
}
