#!/bin/sh
# Train, evaluate and export the tabular models (see ml/README.md).
#   ml/run.sh <heart|diabetes|cardio|liver|all> [--check]
# Debian's Python carries sklearn/onnx here; the python3 on PATH may be another interpreter without them.
set -eu
PYTHON="${ML_PYTHON:-/usr/bin/python3}"
exec "$PYTHON" "$(dirname "$0")/train.py" "$@"
