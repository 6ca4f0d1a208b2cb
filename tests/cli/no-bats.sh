#!/bin/sh
# SPDX-License-Identifier: MIT
# Stand-in for bats when configure did not find it: a TAP plan that skips
# everything, so a missing bats shows up as SKIP, never as a pass.
echo "1..0 # SKIP bats not found, $1 not run"
