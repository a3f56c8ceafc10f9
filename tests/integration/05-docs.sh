#!/bin/bash
# The documentation: every relative link of README.md and docs/*.md leads
# somewhere (a file that exists, a heading that exists), the README stays
# short and starts with the two commands, each mmx command has its page,
# and the docs index lists every page. No build, no guest: seconds.
. "$(dirname "$0")/../lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(scripts/check-doc-links.sh 2>&1)
rc=$?
if [ "$rc" -eq 0 ]; then ok "every relative link of README.md and docs/*.md works"
else not_ok "every relative link of README.md and docs/*.md works:"; sed 's/^/#   /' <<<"$out"; fi

# the checker itself must catch a broken file, a broken anchor, on a copy
# of the pages beside links to the rest of the checkout (read only: the
# links are never written through)
tree=$tmp/tree
mkdir -p "$tree/docs"
for e in *; do
	[ "$e" = README.md ] || [ "$e" = docs ] || ln -s "$PWD/$e" "$tree/$e"
done
cp README.md "$tree/"
cp docs/*.md "$tree/docs/"
printf '\nSee [gone](nonesuch.md) and [a section](metrics.md#no-such-heading).\n' \
	>>"$tree/docs/workloads.md"
printf '\n[`code`](docs/also-gone.md)\n\n```sh\n[in a code block](not-a-link.md)\n```\n' \
	>>"$tree/README.md"
out=$(scripts/check-doc-links.sh "$tree/README.md" "$tree"/docs/*.md 2>&1)
rc=$?
check "the checker fails on broken links" test "$rc" -ne 0
check "it names a missing file" grep -q "docs/workloads.md:[0-9]*: nonesuch.md: .* does not exist" <<<"$out"
check "it names a missing anchor" grep -q "metrics.md#no-such-heading: no heading" <<<"$out"
check "it checks links whose text is code" grep -q "README.md:[0-9]*: docs/also-gone.md" <<<"$out"
check "it leaves code blocks alone" bash -c "! grep -q not-a-link.md <<<\"\$1\"" _ "$out"
check "it reports exactly those three" test "$(wc -l <<<"$out")" -eq 3

n=$(wc -l <README.md)
check "README.md is at most 150 lines ($n)" test "$n" -le 150
check "README.md starts with the two commands" diff <(sed -n 3,6p README.md) - <<'EOF'
```sh
make        # installs what is missing, runs the quick profile and the gate, writes results/matrix/quick/REPORT.md
make test   # installs what is missing, runs the unit and integration tests
```
EOF

# every command mmx dispatches has docs/mmx-COMMAND.md, linked from the index
main=$(find cli harness -name mmx_main.c | head -n 1)
cmds=$(grep -o 'strcmp(argv\[1\], "[a-z]*")' "$main" | sed 's/.*"\([a-z]*\)".*/\1/' | grep -v '^help$')
check "mmx_main.c dispatches commands ($(tr '\n' ' ' <<<"$cmds"))" test "$(wc -w <<<"$cmds")" -ge 6
for c in $cmds; do
	check "mmx $c has docs/mmx-$c.md" test -s "docs/mmx-$c.md"
done

# every page: a title, then one line saying what it is for; in the index
for p in docs/*.md; do
	name=$(basename "$p")
	check "$name starts with a title and a one-line purpose" \
		bash -c 'sed -n 1p "$1" | grep -q "^# " && [ -z "$(sed -n 2p "$1")" ] &&
			 sed -n 3p "$1" | grep -q "[a-z]" && [ -z "$(sed -n 4p "$1")" ]' _ "$p"
	[ "$name" = README.md ] && continue
	check "docs/README.md lists $name" grep -qF "]($name)" docs/README.md
done

# the tables generated from matrix.json are matrix.json's
for pt in workloads.md:workload-params matrix-json.md:profiles; do
	page=docs/${pt%%:*} table=${pt#*:}
	lines=$(scripts/matrix-tables.sh --page-table "$page" "$table" | wc -l)
	check "$page holds the $table table ($lines lines)" test "$lines" -gt 2
	check "$page's $table table is matrix.json's (scripts/matrix-tables.sh --update)" \
		diff <(scripts/matrix-tables.sh --page-table "$page" "$table") \
		     <(scripts/matrix-tables.sh "$table")
done
jq '.workloads["rx-mixed"].params.flows.max = 99 | .profiles.quick.repetitions = 99' \
	matrix.json >"$tmp/changed-matrix.json"
for pt in workloads.md:workload-params matrix-json.md:profiles; do
	page=docs/${pt%%:*} table=${pt#*:}
	check "a changed matrix.json changes the $table table" bash -c \
		'! diff -q <(scripts/matrix-tables.sh --page-table "$1" "$2") \
		    <(MMX_MATRIX="$3" scripts/matrix-tables.sh "$2") >/dev/null' \
		_ "$page" "$table" "$tmp/changed-matrix.json"
done
