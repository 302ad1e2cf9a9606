FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BIND=0.0.0.0:8000

WORKDIR /app

# Dependencies first, so a code change does not reinstall them: exactly the hashed pins of
# requirements.lock (`make lock` compiles it from pyproject.toml).
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock

COPY pyproject.toml gunicorn.conf.py openapi.yaml ./
COPY service ./service
RUN pip install --no-cache-dir --no-deps . \
    && groupadd --system --gid 10001 scorer \
    && useradd --system --uid 10001 --gid 10001 --no-create-home scorer

# Numeric, so Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py"]
