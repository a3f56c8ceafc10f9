#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The layout's two rules (docs/architecture.md), checked.

  layout_check.py includes ROOT   every #include "..." under ROOT resolves to
                                  a folder its own folder may use
  layout_check.py circles OBJ...  no two object files call each other,
                                  directly or round a longer circle (nm)

Prints each violation; exits 1 if there is one."""
import os
import re
import subprocess
import sys

STAGES = ['harness/host/' + s for s in ('matrix', 'build', 'image', 'boot', 'store', 'run')]
# what each folder may include besides itself: only folders below it
# analysis/, by layer, bottom up: the numerics know nothing of a report;
# the model (store, cells, comparisons, families, answers) is structures and
# their computation, no text; format is how numbers and verdicts read; the
# charts and the summaries render the model, the pages render it and link
# the charts
ANALYSIS = {
    'analysis/numerics': [],
    'analysis/model': ['analysis/numerics'],
    'analysis/format': ['analysis/numerics', 'analysis/model'],
}
ANALYSIS['analysis/charts'] = ANALYSIS['analysis/format'] + ['analysis/format']
ANALYSIS['analysis/summaries'] = ANALYSIS['analysis/format'] + ['analysis/format']
ANALYSIS['analysis/pages'] = ANALYSIS['analysis/charts'] + ['analysis/charts']
MAY_USE = {
    'harness/common': [],
    'lib': [],
    'harness/plugin': ['harness/common'],
    'cli': ['lib', 'harness/common'] + list(ANALYSIS) + STAGES,
}
for folder, below in ANALYSIS.items():
    MAY_USE[folder] = ['lib', 'harness/common'] + below
for i, s in enumerate(STAGES):
    MAY_USE[s] = ['lib', 'harness/common'] + STAGES[:i]
# the agent's folders, by job, bottom up: each may use those before it
AGENT = ['harness/agent/' + s for s in
         ('guest', 'tenants', 'load', 'probes', 'window', 'workloads')]
for i, s in enumerate(AGENT):
    MAY_USE[s] = ['harness/common'] + AGENT[:i]


# folders whose every file must sit in one of their layers above
LAYERED = ['analysis', 'harness/agent', 'harness/host']


def strays(root):
    bad = 0
    for top in LAYERED:
        d = os.path.join(root, top)
        if not os.path.isdir(d):
            continue
        for dirpath, _, names in os.walk(d):
            folder = os.path.relpath(dirpath, root)
            if folder in MAY_USE:
                continue
            for name in sorted(names):
                if name.endswith(('.c', '.h')):
                    print(f'{folder}/{name}: in no layer of {top}/')
                    bad += 1
    return bad


def includes(root):
    bad = strays(root)
    for folder, allowed in MAY_USE.items():
        d = os.path.join(root, folder)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.join(d, name)
            for n, line in enumerate(open(path, errors='replace'), 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                inc = m.group(1)
                target = os.path.normpath(os.path.join(d, inc))
                if os.path.exists(target):
                    where = os.path.relpath(os.path.dirname(target), root)
                else:
                    homes = [f for f in MAY_USE
                             if os.path.exists(os.path.join(root, f, inc))]
                    ok = [f for f in homes if f in allowed]
                    where = ok[0] if ok else (homes[0] if homes else None)
                if where is None:
                    print(f'{folder}/{name}:{n}: "{inc}" is in no known folder')
                    bad += 1
                elif where != folder and where not in allowed:
                    print(f'{folder}/{name}:{n}: "{inc}" reaches up into {where}/')
                    bad += 1
    return bad


def circles(objs):
    defs, uses = {}, {}
    for o in objs:
        out = subprocess.run(['nm', o], capture_output=True, text=True,
                             check=True).stdout
        uses[o] = set()
        for line in out.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in 'TDBRC':
                defs[p[2]] = o
            elif len(p) == 2 and p[0] == 'U':
                uses[o].add(p[1])
    edges = {o: sorted({defs[s] for s in uses[o] if s in defs and defs[s] != o})
             for o in objs}
    # Tarjan's strongly connected components: each one larger than a file
    # is a circle of calls
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in objs:
        if v not in index:
            visit(v)
    for comp in found:
        names = [os.path.basename(o) for o in comp]
        calls = [f'{os.path.basename(a)} -> {os.path.basename(b)}'
                 for a in comp for b in edges[a] if b in comp]
        print('circle: ' + ' '.join(names) + ' (' + ', '.join(calls) + ')')
    return len(found)


if __name__ == '__main__':
    if len(sys.argv) < 3 or sys.argv[1] not in ('includes', 'circles'):
        sys.exit(__doc__)
    n = includes(sys.argv[2]) if sys.argv[1] == 'includes' else circles(sys.argv[2:])
    sys.exit(1 if n else 0)
