# syntax=docker/dockerfile:1
# The portal as one image: the built web app and the server, production dependencies only,
# running as a non-root user. SQLite under /data by default; set DATABASE_URL for PostgreSQL.
# (Written and checked by reading: the development machines cannot run Docker.)

ARG NODE_IMAGE=node:20-bookworm-slim

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
RUN npm ci --omit=dev --workspace bff --no-audit --no-fund

# ---- run
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/bff/package.json ./bff/
COPY --from=build /app/bff/dist ./bff/dist
COPY --from=build /app/web/dist ./web/dist
# the bundled councils (COUNCIL_FILE picks one, or mount a council's own folder and point at it)
COPY --from=build /app/councils ./councils
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
