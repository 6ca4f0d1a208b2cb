# Hardening tests; filled in by tests/.
