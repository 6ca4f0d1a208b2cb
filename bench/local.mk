# Benchmark programs; filled in by bench/.
