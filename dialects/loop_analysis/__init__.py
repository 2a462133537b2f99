"""Analyses of loop-level IR shared by several passes: the dependence graph of a host block (graph), index
spaces and layouts of loads and stores (index), and the online-softmax pattern (online_softmax)."""
