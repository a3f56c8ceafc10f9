#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A chart's legend read off the picture gnuplot drew.

  legend_check.py CHART.svg CHART.gp

Every series the script plots with a title must have that title drawn as
text inside the SVG's canvas (a legend entry that falls off the canvas
passes every check on the script alone). Prints each entry missing or off
the canvas; exits 1 if there is one."""
import re
import sys
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'


def titles(gp):
    text = open(gp).read()
    # each plotted series: ... title "X" (a plot line may continue with \)
    plot = text[text.index('\nplot '):] if '\nplot ' in text else ''
    return [t.replace('\\"', '"') for t in re.findall(r'title "((?:[^"\\]|\\.)*)"', plot)]


def drawn(svg):
    root = ET.parse(svg).getroot()
    _, _, width, height = (float(v) for v in root.get('viewBox').split())
    out = {}

    def walk(node, x, y, size, anchor):
        m = re.match(r'translate\(([-0-9.]+),([-0-9.]+)\)', node.get('transform', ''))
        if m:
            x, y = x + float(m.group(1)), y + float(m.group(2))
        size = float(node.get('font-size', size))
        anchor = node.get('text-anchor', anchor)
        if node.tag == SVG + 'text':
            s = ''.join(node.itertext())
            # a glyph is about 0.6 of the font size wide in sans
            w = 0.6 * size * len(s)
            left = x - w if anchor == 'end' else x - w / 2 if anchor == 'middle' else x
            inside = left >= -1 and left + w <= width + 1 and 0 <= y <= height
            out[s] = out.get(s, False) or inside
        for child in node:
            walk(child, x, y, size, anchor)

    walk(root, 0.0, 0.0, 12.0, 'start')
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    texts = drawn(sys.argv[1])
    bad = 0
    for t in titles(sys.argv[2]):
        if t not in texts:
            print(f'{sys.argv[1]}: legend entry "{t}" is not drawn')
            bad += 1
        elif not texts[t]:
            print(f'{sys.argv[1]}: legend entry "{t}" falls off the canvas')
            bad += 1
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
