# The gateway image: one process per node; scale out by running more of them.
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Node.js 24 LTS (package.json "engines"); should the base image's be older, ensure-node.sh
# fetches it from the npm registry into /opt/node (empty otherwise)
ENV NODE_CACHE_DIR=/opt/node PATH=/opt/node/current/bin:$PATH
COPY scripts/ensure-node.sh scripts/
RUN mkdir -p /opt/node && . scripts/ensure-node.sh && node -v
COPY package.json package-lock.json tsconfig.base.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/rules/package.json libs/rules/
COPY libs/i18n/package.json libs/i18n/
COPY apps/gateway/package.json apps/gateway/
COPY apps/console/package.json apps/console/
RUN npm ci --no-audit --no-fund
COPY libs libs
COPY apps apps
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PATH=/opt/node/current/bin:$PATH
WORKDIR /app
COPY --from=build /opt/node /opt/node
COPY --from=build /app /app
EXPOSE 3000
USER node
CMD ["node", "apps/gateway/dist/main.js"]
