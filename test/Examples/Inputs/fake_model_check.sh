#!/usr/bin/env bash
# A stand-in for test/GPU/model_check.cu's binary (gpu-scripts.test): passes
# kernel "good", reports a wrong result for "wrong", faults on "fault"
# (exit 1 with CUDA's sticky error), hangs on "hang", prints nothing on
# "silent".
case $2 in
good) echo "CHECK model good PASS" ;;
wrong) echo "CHECK model wrong FAIL"; exit 1 ;;
fault) echo "model_check: an illegal instruction was encountered" >&2; exit 1 ;;
hang) sleep 30 ;;
silent) ;;
esac
