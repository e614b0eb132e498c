#!/usr/bin/env python3
"""Writes simsub's platform wheel with Python's standard library only (no build dependency).

    python3 .ci/make_wheel.py BINARY VERSION ARCH README OUTDIR

The wheel holds the binary in `simsub-VERSION.data/scripts/`, which pip installs into the
environment's `bin/` (as ruff and uv do), and the `.dist-info` files: METADATA, WHEEL and a
RECORD of every file's sha256 (urlsafe base64, no padding) and size. The manylinux tag is the
newest GLIBC_x.y symbol version the binary needs, read with `objdump -T`. Entries are written in
a fixed order with a fixed timestamp, so the same binary gives the same wheel byte for byte.
Prints the wheel's path.
"""

import base64
import hashlib
import re
import subprocess
import sys
import zipfile
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip entry can say


def glibc_needed(binary: str) -> tuple[int, int]:
    """The newest GLIBC_x.y version among the binary's dynamic symbols."""
    dump = subprocess.run(["objdump", "-T", binary], check=True, capture_output=True, text=True).stdout
    versions = {tuple(int(n) for n in m.groups()) for m in re.finditer(r"GLIBC_(\d+)\.(\d+)", dump)}
    if not versions:
        sys.exit(f"make_wheel: {binary} names no GLIBC symbol version (is it a dynamic ELF binary?)")
    return max(versions)


def record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def main() -> None:
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    binary, version, arch, readme, outdir = sys.argv[1:]
    major, minor = glibc_needed(binary)
    tag = f"py3-none-manylinux_{major}_{minor}_{arch}"
    name = f"simsub-{version}"
    dist_info = f"{name}.dist-info"

    summary = "Subscription lifecycle simulator: plays App Store, Google Play, Stripe and RevenueCat stories against your entitlement policy"
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: simsub\n"
        f"Version: {version}\n"
        f"Summary: {summary}\n"
        "Requires-Python: >=3.8\n"
        "Classifier: Operating System :: POSIX :: Linux\n"
        "Description-Content-Type: text/markdown\n"
        "\n"
        + Path(readme).read_text(encoding="utf-8")
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: simsub .ci/make_wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: {tag}\n"
    )
    entries = [
        (f"{name}.data/scripts/simsub", Path(binary).read_bytes(), 0o755),
        (f"{dist_info}/METADATA", metadata.encode("utf-8"), 0o644),
        (f"{dist_info}/WHEEL", wheel.encode("utf-8"), 0o644),
    ]
    record_name = f"{dist_info}/RECORD"
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data, _ in entries)
    record += f"{record_name},,\n"
    entries.append((record_name, record.encode("utf-8"), 0o644))

    out = Path(outdir) / f"{name}-{tag}.whl"
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, data, mode in entries:
            info = zipfile.ZipInfo(path, date_time=FIXED_TIME)
            info.external_attr = (0o100000 | mode) << 16  # a regular file with this mode
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so the mode is read
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    print(out)


if __name__ == "__main__":
    main()
