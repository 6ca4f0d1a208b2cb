/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/level.h"

bool gnu_level_parse(const char *text, unsigned *level)
{
	if (strcmp(text, "latest") == 0) {
		*level = GNU_LEVEL_LATEST;
		return true;
	}
	/* Only the plain spelling: "9.04" or "9.4.0" is not a release name. */
	if (strncmp(text, "9.", 2) != 0 || text[2] < '1' || text[2] > '9')
		return false;
	unsigned minor = (unsigned)(text[2] - '0');
	if (text[3] >= '0' && text[3] <= '9') {
		minor = minor * 10 + (unsigned)(text[3] - '0');
		text++;
	}
	if (text[3] != '\0' || 900 + minor < GNU_LEVEL_OLDEST || 900 + minor > GNU_LEVEL_LATEST)
		return false;
	*level = 900 + minor;
	return true;
}

bool gnu_level_from_env(unsigned *level, const char **bad_value)
{
	const char *env = getenv("SUMAC_GNU_COMPAT");

	*level = SUMAC_GNU_LEVEL_DEFAULT;
	*bad_value = NULL;
	if (!env || !*env || gnu_level_parse(env, level))
		return true;
	*level = SUMAC_GNU_LEVEL_DEFAULT;
	*bad_value = env;
	return false;
}

const char *gnu_level_text(unsigned level, char buf[8])
{
	snprintf(buf, 8, "%u.%u", level / 100 % 100, level % 100);
	return buf;
}
