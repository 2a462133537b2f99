"""Prints the code irc emits for workloads at full size, without a GPU (traced on CPU tensors).

    python3 bench/show_code.py softmax_fp16 [--dynamic]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main() -> None:
    from irc.compile import compile_module_text
    from irc.tools.fx_to_mlir import capture
    from workloads import WORKLOADS

    names = [a for a in sys.argv[1:] if not a.startswith("--")]
    for w in WORKLOADS:
        if names and not any(n in w.name for n in names):
            continue
        for k, text in enumerate(capture(w.fn, w.make_inputs("cpu", False), dynamic="--dynamic" in sys.argv)):
            print(f"# ===== {w.name} graph {k}\n{compile_module_text(text)}")


if __name__ == "__main__":
    main()
