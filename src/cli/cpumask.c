/* SPDX-License-Identifier: MIT */
/* SUMAC_CPU as the user sees it: the mask is parsed in src/hash/cpu.c,
 * and worded here.  Also SUMAC_TEST_CPU_MODEL, the tests' simulated CPU. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cli/cpumask.h"
#include "cli/level.h"
#include "cli/opts.h"
#include "cli/out.h"
#include "hash/cpu.h"
#include "hash/hwcaps.h"

/* Names of the features whose bits are set, "sha avx2", into buf. */
static void names_of(unsigned bits, const char *arch, char *buf, size_t size)
{
	buf[0] = '\0';
	for (int f = 0; f < SUMAC_CPU_NFEATURES; f++) {
		const enum sumac_cpu_feature feat = (enum sumac_cpu_feature)f;
		if (!(bits & SUMAC_CPU_BIT(f)) ||
		    (arch && strcmp(sumac_cpu_feature_arch(feat), arch) != 0))
			continue;
		const size_t used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", used ? " " : "",
			 sumac_cpu_feature_name(feat));
	}
}

/* The item shell-quoted as out_quotef() shows names, in '...' when it
 * needs no quoting (as backend.c words names), into buf; false (told) if
 * memory ran out. */
static bool quote_item(const char *item, size_t len, char *buf, size_t size)
{
	char *copy = strndup(item, len);
	if (!copy) {
		out_error(0, "memory exhausted");
		return false;
	}
	const char *q = out_quotef(copy);
	const char *m = strcmp(q, copy) == 0 ? "'" : "";
	snprintf(buf, size, "%s%s%s", m, q, m);
	free(copy);
	return true;
}

bool cpumask_apply_env(void)
{
	const char *spec = getenv("SUMAC_CPU");
	const char *bad = NULL;
	size_t badlen = 0;
	char q[4096], x86[128], arm[128];

	const enum sumac_cpu_mask_status st = sumac_cpu_set_mask(spec, &bad, &badlen);
	if (st == SUMAC_CPU_MASK_OK)
		return true;
	/* The unknown name without its '-'. */
	if (st == SUMAC_CPU_MASK_UNKNOWN) {
		bad++;
		badlen--;
	}
	if (!quote_item(bad, badlen, q, sizeof q))
		return false;
	switch (st) {
	case SUMAC_CPU_MASK_OK:
		break;
	case SUMAC_CPU_MASK_EMPTY_ITEM:
		out_error(0, "SUMAC_CPU: empty item in %s", q);
		break;
	case SUMAC_CPU_MASK_NOT_CLEARING:
		out_error(0,
			  "SUMAC_CPU: %s does not start with '-' "
			  "(features can only be cleared: -NAME,-NAME...)",
			  q);
		break;
	case SUMAC_CPU_MASK_NO_NAME:
		out_error(0, "SUMAC_CPU: %s names no CPU feature", q);
		break;
	case SUMAC_CPU_MASK_UNKNOWN:
		names_of(~0u, "x86", x86, sizeof x86);
		names_of(~0u, "arm", arm, sizeof arm);
		out_error(0, "SUMAC_CPU: unknown CPU feature %s (x86: %s; arm: %s)", q, x86, arm);
		break;
	}
	return false;
}

void cpumask_apply_gnu_hwcaps(const struct sumac_opts *o)
{
	if (o->cksum && o->level >= GNU_9_8)
		sumac_hwcaps_set_off(sumac_hwcaps_parse(getenv("GLIBC_TUNABLES")));
}

void cpumask_tell(void)
{
	const unsigned cleared = sumac_cpu_cleared();
	if (!cleared)
		return;

	const unsigned have = sumac_cpu_bits(sumac_cpu_detected());
	char gone[128], absent[128], left[128];
	names_of(cleared & have, NULL, gone, sizeof gone);
	names_of(cleared & ~have, NULL, absent, sizeof absent);
	names_of(sumac_cpu_bits(sumac_cpu_features()), NULL, left, sizeof left);
	out_error(0, "SUMAC_CPU clears %s%s%s%s; CPU features left: %s",
		  *gone ? gone : "no detected feature", *absent ? " (not detected here: " : "",
		  absent, *absent ? ")" : "", *left ? left : "none");
}

bool cpumodel_apply_env(void)
{
	const char *name = getenv("SUMAC_TEST_CPU_MODEL");
	char q[4096], known[512] = "";

	if (!name || !*name) {
		sumac_cpu_simulate(NULL);
		return true;
	}
	const struct sumac_cpu_model *model = sumac_cpu_model_find(name);
	if (model) {
		sumac_cpu_simulate(model);
		return true;
	}
	if (!quote_item(name, strlen(name), q, sizeof q))
		return false;
	for (size_t i = 0; (model = sumac_cpu_model(i)); i++) {
		const size_t used = strlen(known);
		snprintf(known + used, sizeof known - used, "%s%s", used ? " " : "", model->name);
	}
	out_error(0, "SUMAC_TEST_CPU_MODEL: unknown CPU model %s (%s)", q, known);
	return false;
}

void cpumodel_tell(void)
{
	const struct sumac_cpu_model *model = sumac_cpu_simulated();
	char have[256];

	if (!model)
		return;
	names_of(sumac_cpu_bits(sumac_cpu_detected()), NULL, have, sizeof have);
	out_error(0, "SUMAC_TEST_CPU_MODEL: choosing as on %s, a test aid: %s; features: %s",
		  model->name, model->what, *have ? have : "none");
}
