#!/usr/bin/env python3
"""Reads a tantan-host report with real third-party consumers and prints what each one counted,
as JSON, for the XCTests (RunnerConsumerTests) to compare with what the run did.

  read_report.py tap FILE    tap.py's parser (what `tappy` uses) and meson's TAP 14 parser
  read_report.py junit FILE  junitparser, per test case, and its recomputed suite totals

Installed by scripts/bootstrap (PyPI: tap.py[yaml], junitparser, meson).
"""
import json
import sys


def read_tap(path):
    from tap.parser import Parser
    from mesonbuild.mtest import TAPParser, TestResult

    out = {}
    points, errors = [], []
    plan = None
    for line in Parser().parse_file(path):
        if line.category == "test":
            points.append({
                "ok": line.ok,
                "number": line.number,
                "description": line.description,
                "skip": line.skip,
                "todo": line.todo,
                "yaml": line.yaml_block,
            })
        elif line.category == "plan":
            plan = line.expected_tests
        elif line.category == "unknown":
            errors.append(line.text if hasattr(line, "text") else str(line))
    out["tap.parser"] = {"plan": plan, "points": points, "unknown": errors}

    meson = {"plan": None, "points": [], "errors": [], "unknown": [], "version": None}
    with open(path, encoding="utf-8") as f:
        for event in TAPParser().parse(iter(f.read().splitlines())):
            if isinstance(event, TAPParser.Version):
                meson["version"] = event.version
            elif isinstance(event, TAPParser.Plan):
                meson["plan"] = event.num_tests
            elif isinstance(event, TAPParser.Test):
                meson["points"].append({
                    "number": event.number,
                    "name": event.name,
                    "result": event.result.name,
                    "explanation": event.explanation,
                })
            elif isinstance(event, TAPParser.Error):
                meson["errors"].append(event.message)
            elif isinstance(event, TAPParser.UnknownLine):
                meson["unknown"].append(event.message)
    out["meson"] = meson
    return out


def read_junit(path):
    from junitparser import JUnitXml, TestSuite, Failure, Error, Skipped

    xml = JUnitXml.fromfile(path)
    suites = [xml] if isinstance(xml, TestSuite) else list(xml)
    cases = []
    for suite in suites:
        for case in suite:
            kinds = [type(r).__name__.lower() for r in case.result]
            cases.append({
                "suite": suite.name,
                "classname": case.classname,
                "name": case.name,
                "time": case.time,
                "result": kinds,
                "message": next((r.message for r in case.result if isinstance(r, (Failure, Error, Skipped))), None),
                "system_out": case.system_out,
            })
    declared = {"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "skipped": xml.skipped}
    xml.update_statistics()  # junitparser's own count from the test cases
    counted = {"tests": xml.tests, "failures": xml.failures, "errors": xml.errors, "skipped": xml.skipped}
    return {"junitparser": {"declared": declared, "counted": counted, "cases": cases}}


if __name__ == "__main__":
    kind, path = sys.argv[1], sys.argv[2]
    print(json.dumps(read_tap(path) if kind == "tap" else read_junit(path)))
