#!/usr/bin/env python3
"""Reads a tantan-host Cobertura coverage report with real consumers and prints what they found,
as JSON, for the XCTests (CoverageConsumerTests) to compare with the lines the run covered.

  read_coverage.py FILE DTD   lxml validates FILE against DTD (Cobertura's coverage-04.dtd),
                              then pycobertura reads it: per file, its statements, misses,
                              missed lines and line rate, and the report's line rate

Installed by scripts/bootstrap (PyPI: pycobertura, which brings lxml).
"""
import json
import sys


def main(path, dtd_path):
    from lxml import etree
    from pycobertura import Cobertura

    out = {}
    with open(dtd_path, "rb") as f:
        dtd = etree.DTD(f)
    tree = etree.parse(path)
    out["dtd_valid"] = dtd.validate(tree)
    out["dtd_errors"] = [str(e) for e in dtd.error_log.filter_from_errors()]
    out["doctype"] = tree.docinfo.system_url

    cov = Cobertura(path)
    out["line_rate"] = cov.line_rate()
    out["total_statements"] = cov.total_statements()
    out["total_misses"] = cov.total_misses()
    files = {}
    for name in cov.files():
        files[name] = {
            "statements": cov.total_statements(name),
            "misses": cov.total_misses(name),
            "hits": cov.total_hits(name),
            # pycobertura 4 gives (line, status) pairs
            "missed_lines": [m[0] if isinstance(m, (list, tuple)) else m for m in cov.missed_lines(name)],
            "line_rate": cov.line_rate(name),
        }
    out["files"] = files
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
