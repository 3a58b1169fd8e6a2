"""The ONNX parity check: the fixture train.py writes (sklearn's output on every training row), and the Node check of
the exported graph against it (check_parity.mjs)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np

from spec_types import REPO_ROOT


def write_parity_fixture(cache: Path, model, X: np.ndarray) -> None:
    """What the Node parity check compares the ONNX graph against: sklearn's output on every training row."""
    cache.mkdir(parents=True, exist_ok=True)
    X32 = X.astype(np.float32)
    Xr = X32.astype(float)
    p = model.predict_proba(Xr)
    contrib, bias = model.contributions(Xr)
    logit = bias + contrib.sum(axis=1)
    gap = np.abs(logit - model.score(Xr)).max()
    if gap > 1e-9:
        raise AssertionError(f"contributions do not add up to sklearn's decision function (max gap {gap:g})")
    expected = np.column_stack([p, logit, contrib]).astype("<f8")
    X32.astype("<f4").tofile(cache / "inputs.f32")
    expected.tofile(cache / "expected.f64")
    (cache / "parity.json").write_text(
        json.dumps(
            {
                "rows": int(X.shape[0]),
                "features": int(X.shape[1]),
                "expected_columns": ["probability", "logit"] + ["contributions"] * X.shape[1],
            }
        )
    )


def run_parity(test: str, models: Path, cache: Path) -> tuple[str, float | None]:
    try:
        proc = subprocess.run(
            [
                "node",
                str(REPO_ROOT / "ml" / "check_parity.mjs"),
                test,
                "--models",
                str(models),
                "--cache",
                str(cache),
                "--json",
            ],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
        )
    except FileNotFoundError:
        return "skipped (node not found)", None
    if proc.returncode == 2:
        return "skipped (onnxruntime-node not installed: npm ci)", None
    try:
        result = json.loads(proc.stdout.strip().splitlines()[-1])[test]
    except (ValueError, IndexError, KeyError):
        raise RuntimeError(f"parity check crashed:\n{proc.stdout}\n{proc.stderr}")
    if proc.returncode != 0:
        return f"FAILED: {result.get('error', proc.stderr.strip())}", result.get("max_abs_diff")
    return "ok", result["max_abs_diff"]
