#!/bin/sh
# Writes the secrets compose.yaml mounts, into ./secrets/ beside it. A file already there is
# kept, so running this again never changes a password; delete a file to make a new one (and
# restart what uses it). Then write secrets/rclone_conf for the off-host copy.
set -eu
cd "$(dirname "$0")/.."
umask 077
mkdir -p secrets
chmod 700 secrets

keep() {
    [ -s "secrets/$1" ] || printf '%s\n' "$2" >"secrets/$1"
}

keep postgres_password "$(openssl rand -hex 24)"
keep redis_password "$(openssl rand -hex 24)"
pg=$(cat secrets/postgres_password)
redis=$(cat secrets/redis_password)

keep secret_key "$(openssl rand -hex 32)"
keep metrics_token "$(openssl rand -hex 24)"
keep database_url "postgresql://merit:$pg@pgbouncer:6432/merit"
keep pgbouncer_userlist "\"merit\" \"$pg\""
keep redis_conf "requirepass $redis"
keep redis_url "redis://:$redis@redis:6379/0"
keep rclone_conf "# rclone configuration with a remote named [offsite] (rclone config, or deploy/README.md)"

# Each container reads its secrets as its own user (postgres, pgbouncer, redis, merit), so
# the files are readable by all; the folder, 0700, keeps other users of this host out.
chmod 644 secrets/*
echo "secrets written to $(pwd)/secrets (Prometheus's bearer token: secrets/metrics_token)"
