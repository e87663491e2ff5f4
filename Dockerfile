# syntax=docker/dockerfile:1
# The portal as one image: the built web app and the server, production dependencies only,
# running as a non-root user. SQLite under /data by default; set DATABASE_URL for PostgreSQL.
# (No Docker engine runs on the development machines: scripts/image-rehearsal.mjs, part of npm
# test, plays the deps and run stages from this file on the machine itself.)

# Node 24 LTS (24.18.0, Debian bookworm slim), pinned by digest: the same bytes on every build
# until Renovate proposes a newer one
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

# ---- build: every workspace's dependencies, then the web app and the server
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY design-system/package.json design-system/
COPY web/package.json web/
COPY bff/package.json bff/
COPY stories/package.json stories/
COPY mocks/package.json mocks/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- deps: only what the server needs at run time (better-sqlite3 compiles here)
FROM ${NODE_IMAGE} AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/design-system/package.json design-system/
COPY --from=build /app/web/package.json web/
COPY --from=build /app/bff/package.json bff/
COPY --from=build /app/stories/package.json stories/
COPY --from=build /app/mocks/package.json mocks/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
# the lockfile nests some of the server's packages under bff/node_modules (another workspace needs
# another major at the root): both folders ship; mkdir keeps the COPY below valid without nesting
RUN npm ci --omit=dev --workspace bff --no-audit --no-fund && mkdir -p bff/node_modules
# the software bill of materials of what the image ships (CycloneDX, npm sbom), kept in the image
COPY --from=build /app/scripts/sbom.mjs scripts/
RUN node scripts/sbom.mjs > /app/sbom.cdx.json

# ---- run
FROM ${NODE_IMAGE}
# the commit the image is built from, for portal_build_info (docker build --build-arg PORTAL_COMMIT=…)
ARG PORTAL_COMMIT=unknown
ENV NODE_ENV=production \
    PORTAL_COMMIT=${PORTAL_COMMIT} \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/bff/node_modules ./bff/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/bff/package.json ./bff/
COPY --from=build /app/bff/dist ./bff/dist
COPY --from=build /app/web/dist ./web/dist
# the bundled councils (COUNCIL_FILE picks one, or mount a council's own folder and point at it)
COPY --from=build /app/councils ./councils
COPY --from=deps /app/sbom.cdx.json ./sbom.cdx.json
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# liveness only: a database hiccup must not get the container restarted (/api/ready is for the proxy)
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the server stops accepting, finishes requests in flight, closes the database, exits 0
STOPSIGNAL SIGTERM
CMD ["node", "bff/dist/src/server.js"]
