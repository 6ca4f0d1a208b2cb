#!/usr/bin/env bats
# SPDX-License-Identifier: MIT
# How result lines reach stdout (src/cli/out.c): only whole lines per
# write(2), so that appenders to one file never interleave parts of lines,
# and a reader of a pipe gets a finished line without waiting for the next
# input.  sumac's own guarantees, not compared with GNU (whose 4 KiB stdio
# buffer cuts lines longer than that).

load helpers

setup() {
	cli_setup
	printf 'one\n' >a
	# For the pipelines run under perl and timeout.
	export SUMAC
	export -f sumac_as gnu_as gnu_path _nobody_needed _setpriv _runner_symlink
}

teardown() {
	cli_teardown
}

# long_names N: N names of the file a, 100 to 390 bytes long ("././.../a"),
# into the array NAMES.
long_names() {
	local i k dots
	NAMES=()
	dots=$(printf './%.0s' {1..200})
	for ((i = 0; i < $1; i++)); do
		k=$((50 + (i * 37) % 146))
		NAMES+=("${dots:0:2*k}a")
	done
}

@test "each write(2) holds whole lines (stdout a SOCK_SEQPACKET socket)" {
	# Every write to a SOCK_SEQPACKET socket is one message: each message
	# must end with the line's delimiter.
	long_names 3000
	for z in '' -z; do
		run perl -MSocket -e '
			socketpair(my $r, my $w, AF_UNIX, SOCK_SEQPACKET, 0) or die "socketpair: $!";
			my $pid = fork // die;
			if (!$pid) {
				close $r;
				open(STDOUT, ">&", $w) or die;
				exec "bash", "-c", "sumac_as \"\$@\"", "x", @ARGV or die "exec: $!";
			}
			close $w;
			my ($n, $bad, $all) = (0, 0, "");
			while (defined(recv($r, my $m, 1 << 22, 0))) {
				last if $m eq "";
				$n++;
				$bad++ unless $m =~ /[\n\0]\z/;
				$all .= $m;
			}
			waitpid($pid, 0);
			print "messages=$n bad=$bad bytes=", length($all), " status=$?\n";
			open(my $o, ">", "joined") or die;
			print $o $all;
		' sha256sum $z "${NAMES[@]}"
		echo "$output"
		[[ $output == *" bad=0 "* ]]
		[[ $output == *" status=0" ]]
		sumac_as sha256sum $z "${NAMES[@]}" >direct
		cmp joined direct
	done
}

@test "parallel appenders to one file never interleave parts of lines" {
	long_names 4000
	: >SUMS
	for i in 1 2 3 4 5 6; do
		sumac_as sha256sum "${NAMES[@]}" >>SUMS &
	done
	wait
	[ "$(wc -l <SUMS)" -eq 24000 ]
	# Every line is a whole line: the digest of a, two spaces, a name.
	digest=$(sumac_as sha256sum a | cut -c1-64)
	if grep -nvE "^$digest  (\./)+a\$" SUMS | head -5 | grep .; then
		return 1
	fi
}

@test "a reader of a pipe gets a finished line before the next input is opened" {
	# The FIFO is written only once the reader has the first line: if the
	# line stayed in a buffer while sumac waits in open(), this would
	# hang; timeout ends it (the whole process group) after a long time.
	mkfifo slow
	# shellcheck disable=SC2016 # expanded by the inner bash
	run timeout -k 5 60 bash -c '
		sumac_as sha256sum a slow | {
			IFS= read -r first || exit 3
			printf "%s\n" "$first" >first
			echo later >slow
			cat >rest
		}'
	[ "$status" -eq 0 ] || { echo "status $status (124: it hung)"; return 1; }
	[ "$(cat first)" = "2c8b08da5ce60398e1f19af0e5dccc744df274b826abe585eaba68c525434806  a" ]
	grep -q '  slow$' rest
}

@test "--check from a pipe: each result is shown before the next list line arrives" {
	# The producer writes the second line only once the consumer has the
	# first result; a result held until the next line would hang.
	mkfifo ack
	printf '%s  a\n' "$(h sha256sum one)" >line1
	printf '%s  b\n' "$(h sha256sum empty)" >line2
	: >b
	# shellcheck disable=SC2016 # expanded by the inner bash
	run timeout -k 5 60 bash -c '
		{ cat line1; read -r _ <ack; cat line2; } | sumac_as sha256sum -c | {
			IFS= read -r first || exit 3
			printf "%s\n" "$first" >first
			echo go >ack
			cat >rest
		}'
	[ "$status" -eq 0 ] || { echo "status $status (124: it hung)"; return 1; }
	[ "$(cat first)" = "a: OK" ]
	[ "$(cat rest)" = "b: OK" ]
}
