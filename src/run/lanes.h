/* SPDX-License-Identifier: MIT */
/* The lane operations of generation and --check (run_lane_ops): several
 * files hashed at once by one thread, through the many-message kernel of
 * the job's implementation. */
#ifndef SUMAC_RUN_LANES_H
#define SUMAC_RUN_LANES_H

#include "run/pipeline.h"

/* When the pipeline hashes files in lanes: SUMAC_LANES, or sumac's --lanes. */
enum run_lanes_mode {
	RUN_LANES_AUTO,   /* where the implementation has a kernel faster than one stream */
	RUN_LANES_OFF,    /* never: one file at a time per thread */
	RUN_LANES_ALWAYS, /* also with the looped portable reference (the tests' way in) */
};

/* The lane operations' ctx. */
struct run_lanes_cfg {
	enum run_lanes_mode mode;
	/* A second thread reads each lane's large file a buffer ahead
	 * (io/prefetch.h): for a run whose one hashing thread leaves a CPU
	 * idle, as io_buffer's read_ahead. */
	bool read_ahead;
};

/* Parses "auto", "off" or "always"; false for anything else. */
bool run_lanes_mode_parse(const char *s, enum run_lanes_mode *mode);

/* How many files one thread hashes at once with impl under mode: 0 when it
 * hashes one at a time. */
unsigned run_lanes_width(const struct sumac_impl *impl, enum run_lanes_mode mode);

/* The operations; their ctx is a const struct run_lanes_cfg *. */
extern const struct run_lane_ops run_hash_lanes;

#endif
