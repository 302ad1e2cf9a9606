"""Write service/readers.py, the contract's request loaders, from service/loader.py's output.

    python tools/readers.py          # rewrite service/readers.py (``make readers``)
    python tools/readers.py --check  # exit 1 if it differs from what the schemas generate

Run it after changing a request schema; tests/test_loader.py fails until it has been run.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.loader import contract_schemas, module_source  # noqa: E402

TARGET = ROOT / "service" / "readers.py"


def main() -> int:
    text = module_source(contract_schemas())
    if "--check" in sys.argv[1:]:
        if TARGET.read_text(encoding="utf-8") != text:
            print("service/readers.py is not what the schemas generate: run `make readers`")
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
