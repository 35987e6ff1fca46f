# syntax=docker/dockerfile:1
# One image for every instance: the API, socket.io, both SPA builds (Thai in apps/web/dist, Laos
# in apps/web/dist-laos, LAOS=true picks it) and the operator console (apps/ops/dist, under /ops). Built with every dependency, run with the production
# ones only, as the unprivileged node user. deploy/compose.yaml runs two of it behind nginx.
ARG NODE_IMAGE=node:20.19-bookworm-slim

# The workspace manifests alone, so the dependency layers are reused until the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/ops/package.json apps/ops/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY battery/package.json battery/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w apps/web \
  && npm run build:laos -w apps/web \
  && npm run build -w apps/ops \
  && npm run build --if-present -w apps/server

FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data \
  PATH=/app/node_modules/.bin:$PATH
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/packages/contracts packages/contracts
COPY --from=build /app/apps/server apps/server
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-laos apps/web/dist-laos
COPY --from=build /app/apps/ops/dist apps/ops/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
WORKDIR /app/apps/server
EXPOSE 3000
# main.ts closes the server and the pool on SIGTERM; compose gives it stop_grace_period to do so.
STOPSIGNAL SIGTERM
# How apps/server/package.json's start script starts the built server, word for word
# (deploy-files.test.ts); the build itself happened above.
CMD ["node", "dist/main.js"]
