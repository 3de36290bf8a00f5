"""``python -m tabroll.i18n``: the translator's tools (see docs/contributing/index.md, "Translating tabroll").

python -m tabroll.i18n extract          the templates anew from the code; every catalogue in step; compiled
python -m tabroll.i18n compile          each catalogue (.po) into the file tabroll reads (.mo)
python -m tabroll.i18n check            what is missing or wrong (the tests run it too)
python -m tabroll.i18n new LANG [DOMAIN]  a new catalogue for a language (DOMAIN: tabroll, or a game's id)
"""

from __future__ import annotations

import sys

from tabroll.i18n import CORE_DOMAIN


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "compile", "check", "new"):
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    from tabroll.i18n import catalogues  # needs Babel: help is printed without it

    verb, rest = argv[0], argv[1:]
    every = catalogues.sources()
    named = rest[1:] if verb == "new" else rest
    unknown = sorted(set(named) - {s.name for s in every})
    if unknown:
        print(f"no domain {', '.join(unknown)}: the domains are {', '.join(s.name for s in every)}", file=sys.stderr)
        return 2
    if verb == "new" and not named:
        named = [CORE_DOMAIN]
    chosen = [s for s in every if not named or s.name in named]
    problems: list[str] = []
    wrote = 0
    for source in chosen:
        if verb in ("extract", "compile"):
            written = catalogues.update(source, problems) if verb == "extract" else catalogues.compile_all(source)
            for path in written:
                print(f"wrote {path.relative_to(source.root)}")
            wrote += len(written)
        elif verb == "check":
            problems += catalogues.check(source)
        elif verb == "new":
            if not rest:
                print("new needs a language code, e.g. new de", file=sys.stderr)
                return 2
            try:
                print(f"wrote {catalogues.new(source, rest[0]).relative_to(source.root)}")
            except catalogues.Problem as err:
                problems.append(str(err))
    if verb in ("extract", "compile") and not wrote:
        print("nothing to write: every catalogue is in step with the code")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
