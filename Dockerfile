# The gateway image: one process per node; scale out by running more of them.
# Node.js 24 LTS, as package.json "engines" asks (scripts/ensure-node.sh is for machines whose
# node is older: .ci/run)
FROM node:24-bookworm-slim AS build
WORKDIR /app
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
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
USER node
CMD ["node", "apps/gateway/dist/main.js"]
