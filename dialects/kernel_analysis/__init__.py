"""Analyses of kernel-level IR shared by passes and the target: what tiling reads off a kernel (tiling) and
the memory plan of a host program (memory_plan, also read by the wrapper printer)."""
