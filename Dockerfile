# Portal de Proveedores: one process serving the API and the built web app on port 3000.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CI=true TURBO_TELEMETRY_DISABLED=1
COPY . .
RUN node scripts/pnpm.mjs install --frozen-lockfile \
 && node scripts/pnpm.mjs exec turbo run build --filter=@portal/api --filter=@portal/web

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app /app
RUN useradd --system --uid 10001 portal && mkdir -p /app/.data && chown -R portal /app/.data
USER portal
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# --max-semi-space-size: the portal's V8 flags (docs/operations.md, "Node").
CMD ["node", "--max-semi-space-size=32", "apps/api/dist/server.mjs"]
