#!/bin/bash
# Checks every relative link of Markdown files: the file (or directory) it
# names must exist, and a #fragment must name a heading of the target page
# (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens,
# "-1", "-2"... for repeats). Links in code blocks and code spans are text,
# not links. Absolute URLs (scheme:) are not checked: no network here.
#
# usage: scripts/check-doc-links.sh [FILE.md...]   (default: README.md docs/*.md)
# Prints one line per broken link, FILE:LINE: TARGET: why; exit 1 if any.
set -u
cd "$(dirname "$0")/.." || exit 2

# Markdown text without fenced code blocks (and, with "spans", without
# inline code spans), line numbers kept (a removed line stays empty).
prose() {
	awk -v spans="${2:-}" '
	/^[ \t]*```/ { fence = !fence; print ""; next }
	fence { print ""; next }
	spans { gsub(/`[^`]*`/, "x") }
	{ print }' "$1"
}

# The anchors of a page's headings, one per line, in GitHub's form. Only
# ASCII letters and digits are kept (the docs have no other headings).
anchors() {
	prose "$1" | awk '
	/^#+[ \t]/ {
		h = $0
		sub(/^#+[ \t]+/, "", h)
		sub(/[ \t]+#*[ \t]*$/, "", h)
		h = tolower(h)
		gsub(/[^a-z0-9 _-]/, "", h)
		gsub(/ /, "-", h)
		n = seen[h]++
		print (n ? h "-" n : h)
	}'
}

# "LINE<TAB>TARGET" for every inline link, image and reference definition.
links() {
	prose "$1" spans | awk '
	{
		s = $0
		while (match(s, /\]\([^)]*\)/)) {
			t = substr(s, RSTART + 2, RLENGTH - 3)
			sub(/[ \t]+".*$/, "", t)	# an optional "title"
			print NR "\t" t
			s = substr(s, RSTART + RLENGTH)
		}
		if (match($0, /^[ \t]*\[[^]]+\]:[ \t]+[^ \t]+/)) {
			t = $0
			sub(/^[ \t]*\[[^]]+\]:[ \t]+/, "", t)
			sub(/[ \t].*$/, "", t)
			print NR "\t" t
		}
	}'
}

files=("$@")
[ ${#files[@]} -gt 0 ] || files=(README.md docs/*.md)
broken=0
for f in "${files[@]}"; do
	dir=$(dirname "$f")
	while IFS=$'\t' read -r line target; do
		case "$target" in
		[a-zA-Z]*:*) continue ;;	# http:, https:, mailto: ...
		esac
		path=${target%%#*}
		frag=
		[ "$path" != "$target" ] && frag=${target#*#}
		if [ -z "$path" ]; then
			dest=$f
		else
			dest=$dir/$path
		fi
		why=
		if [ -z "$target" ]; then
			why="empty link"
		elif [ ! -e "$dest" ]; then
			why="$dest does not exist"
		elif [ -n "$frag" ]; then
			if [ -d "$dest" ] || [ "${dest%.md}" = "$dest" ]; then
				why="#$frag on a file that is not Markdown"
			elif ! anchors "$dest" | grep -qxF -- "$frag"; then
				why="no heading of $dest has the anchor #$frag"
			fi
		fi
		if [ -n "$why" ]; then
			echo "$f:$line: $target: $why"
			broken=$((broken + 1))
		fi
	done < <(links "$f")
done
[ "$broken" -eq 0 ]
