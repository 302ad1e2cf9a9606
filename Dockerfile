# The builder compiles the scoring core (setup.py with MAHJONG_COMPILE=1: mypyc, then gcc,
# which the full image has) into a wheel, with requirements-dev.lock's hashed pins: the mypy
# that `make wheel` uses. Then it installs the wheel and fails unless every module setup.py
# lists loads compiled (tools/check_compiled.py, run from a folder without the sources).
FROM python:3.11 AS builder

WORKDIR /src
COPY requirements-dev.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements-dev.lock

COPY pyproject.toml setup.py ./
COPY tools/build_requires.py tools/check_compiled.py ./tools/
RUN python tools/build_requires.py > build-requires.txt \
    && pip install --no-cache-dir -r build-requires.txt
COPY service ./service
RUN MAHJONG_COMPILE=1 MAHJONG_BUILD_DIR=/tmp/build \
        pip wheel --no-cache-dir --no-deps --no-build-isolation --wheel-dir /wheels . \
    && pip install --no-cache-dir --no-deps /wheels/*.whl
WORKDIR /tmp
RUN python /src/tools/check_compiled.py

# The same Python minor and Debian release as the builder, which the extension modules need.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BIND=0.0.0.0:8000

WORKDIR /app

# Dependencies first, so a code change does not reinstall them: exactly the hashed pins of
# requirements.lock (`make lock` compiles it from pyproject.toml).
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock

# The package comes from the wheel alone: a service/ directory here, gunicorn's working
# directory, would be imported instead of it, uncompiled.
COPY gunicorn.conf.py openapi.yaml ./
COPY --from=builder /wheels /wheels
RUN pip install --no-cache-dir --no-deps /wheels/*.whl \
    && rm -rf /wheels \
    && groupadd --system --gid 10001 scorer \
    && useradd --system --uid 10001 --gid 10001 --no-create-home scorer

# Numeric, so Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py"]
