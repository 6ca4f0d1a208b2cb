# SPDX-License-Identifier: MIT
# fish completion for sumac (its own name only).  The options are listed
# here, with their help; tests/cli/completions.bats checks that each long
# option of `sumac --help` is among them.  The algorithms and backends come
# from the program being completed, at run time: the list -a prints for a
# name it does not know, and --list-backends' usable rows.
# Installed as $(datadir)/fish/vendor_completions.d/sumac.fish.

# The command as typed, run with LC_ALL=C: its lists are parsed.
function __sumac_run
    set -l cmd (commandline -opc)[1]
    env LC_ALL=C $cmd $argv </dev/null 2>&1
end

function __sumac_algorithms
    __sumac_run -a '' | string replace -rf "^  - '(.*)'\$" '$1'
end

function __sumac_backends
    echo auto
    __sumac_run --list-backends | awk 'NR == 1 && $1 != "BACKEND" { exit } NR == 1 { next }
        NF == 0 { exit } $3 == "yes" { print $1 }'
end

complete -c sumac -s a -l algorithm -x -a '(__sumac_algorithms)' -d 'Digest algorithm'
complete -c sumac -s l -l length -x -a '0 128 160 224 256 384 512' -d 'BLAKE2b digest size in bits'
complete -c sumac -s b -l binary -d "Mark lines with '*' (binary mode)"
complete -c sumac -s c -l check -d 'Read checksum lists from the files and verify them'
complete -c sumac -l tag -d 'Write BSD-style lines: ALGO (FILE) = DIGEST'
complete -c sumac -s t -l text -d "Mark lines with ' ' (text mode)"
complete -c sumac -s z -l zero -d 'End lines with NUL, do not escape names'
complete -c sumac -l base64 -d 'Write digests in base64, not hex'
complete -c sumac -l raw -d 'Write the digest bytes alone (one input)'
complete -c sumac -l ignore-missing -d 'With -c: say nothing about missing files'
complete -c sumac -l quiet -d 'With -c: print nothing for files that verify'
complete -c sumac -l status -d 'With -c: print nothing, the exit status tells'
complete -c sumac -l strict -d 'With -c: fail on improperly formatted lines'
complete -c sumac -s w -l warn -d 'With -c: report each improperly formatted line'
complete -c sumac -l summary -d 'With -c: end with one line of counts on stderr'
complete -c sumac -s r -l recursive -d 'Hash the regular files under each directory'
complete -c sumac -s L -l dereference -d 'With -r or --unlisted: follow links'
complete -c sumac -l unlisted -x -a '(__fish_complete_directories)' -d 'With -c: list files under DIR that no line names'
complete -c sumac -l progress -f -a 'auto always never' -d 'A status line on stderr for a long input'
complete -c sumac -s j -l jobs -x -a 'auto 1 2 4 8' -d 'Hash N files at once'
complete -c sumac -l backend -x -a '(__sumac_backends)' -d 'Use this backend instead of the fastest usable'
complete -c sumac -l list-backends -d 'Show the backends and which one this machine uses'
complete -c sumac -l lanes -x -a 'auto off always' -d 'Hash several files at once in each thread'
complete -c sumac -l sha1-collisions -x -a 'fail warn ignore' -d 'A SHA-1 input that is half of a collision attack'
complete -c sumac -l debug -d 'Tell on stderr which implementation hashes'
complete -c sumac -l benchmark -d 'Time every usable backend in memory'
complete -c sumac -l help -d 'Show the help and exit'
complete -c sumac -l version -d 'Show the version and exit'
