import os
import sys

# the zoo lives with the GPU bench (bench/zoo.py), which runs the same models at full size
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "bench"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))  # harness: tolerances
