package server

// routes registers every route of the API, one line each. Handlers live in
// one file per resource; the OpenAPI test checks this list against
// openapi/*.yaml.
func (s *Server) routes() {
	s.registerServiceRoutes(s.app)
	s.registerDocsRoutes(s.app)
	v1 := s.app.Group("/api/v1")
	v1.Get("/openapi.json", s.handleOpenAPI)
	v1.Get("/schemas/bulwark-config.json", s.handleConfigSchema)
	s.app.Get("/r/:token", s.handleReportPage)
	s.githubRoutes(v1)

	v1.Get("/organizations", append(s.need("organizations:read"), s.handleOrganizationList)...)
	v1.Post("/organizations", append(s.need("organizations:write"), s.handleOrganizationCreate)...)
	v1.Get("/organizations/:id", append(s.need("organizations:read"), s.handleOrganizationGet)...)
	v1.Patch("/organizations/:id", append(s.need("organizations:write"), s.handleOrganizationUpdate)...)
	v1.Get("/organizations/:id/members", append(s.need("organizations:read"), s.handleMemberList)...)
	v1.Post("/organizations/:id/invitations", append(s.need("organizations:write"), s.handleInvitationCreate)...)
	v1.Delete("/organizations/:id/members/:user_id", append(s.need("organizations:write"), s.handleMemberRemove)...)
	v1.Post("/organizations/:id/signing-secret", append(s.need("organizations:write"), s.handleSigningSecretRotate)...)
	v1.Post("/invitations/:token/accept", append(s.need("organizations:read"), s.handleInvitationAccept)...)

	v1.Get("/projects", append(s.need("projects:read"), s.handleProjectList)...)
	v1.Post("/projects", append(s.need("projects:write"), s.handleProjectCreate)...)
	v1.Get("/projects/:id", append(s.need("projects:read"), s.handleProjectGet)...)
	v1.Patch("/projects/:id", append(s.need("projects:write"), s.handleProjectUpdate)...)
	v1.Delete("/projects/:id", append(s.need("projects:write"), s.handleProjectDelete)...)

	v1.Post("/contracts/upload", append(s.need("contracts:write"), s.handleContractUpload)...)
	v1.Get("/contracts", append(s.need("contracts:read"), s.handleContractList)...)
	v1.Get("/contracts/:id", append(s.need("contracts:read"), s.handleContractGet)...)
	v1.Delete("/contracts/:id", append(s.need("contracts:write"), s.handleContractDelete)...)

	v1.Post("/scans", append(s.need("scans:write"), s.handleScanCreate)...)
	v1.Get("/scans", append(s.need("scans:read"), s.handleScanList)...)
	v1.Get("/scans/export.csv", append(s.needExport("scans"), s.handleScanExport)...)
	v1.Get("/scans/:id", append(s.need("scans:read"), s.handleScanGet)...)
	v1.Get("/scans/:id/results", append(s.need("scans:read"), s.handleScanResults)...)
	v1.Get("/scans/:id/report.sarif", append(s.needExport("scans"), s.handleScanSARIF)...)
	v1.Get("/scans/:id/report.pdf", append(s.needExport("scans"), s.handleScanPDF)...)
	v1.Post("/scans/:id/cancel", append(s.need("scans:write"), s.handleScanCancel)...)
	v1.Get("/scans/:id/economic-analysis", append(s.need("economic:read"), s.handleEconomicAnalysis)...)
	v1.Get("/scans/:id/economic-analysis/explain", append(s.need("economic:read"), s.handleEconomicExplain)...)
	v1.Get("/contracts/:id/economic-findings", append(s.need("economic:read"), s.handleContractEconomicFindings)...)
	v1.Get("/projects/:id/economic-risk", append(s.need("economic:read"), s.handleProjectEconomicRisk)...)

	v1.Get("/vulnerabilities", append(s.need("vulnerabilities:read"), s.handleVulnerabilityList)...)
	v1.Get("/vulnerabilities/export.csv", append(s.needExport("vulnerabilities"), s.handleVulnerabilityExport)...)
	v1.Get("/vulnerabilities/:id", append(s.need("vulnerabilities:read"), s.handleVulnerabilityGet)...)
	v1.Patch("/vulnerabilities/:id", append(s.need("vulnerabilities:write"), s.handleVulnerabilityUpdate)...)

	v1.Post("/api-keys", append(s.need("api_keys:write"), s.handleAPIKeyCreate)...)
	v1.Get("/api-keys", append(s.need("api_keys:read"), s.handleAPIKeyList)...)
	v1.Delete("/api-keys/:id", append(s.need("api_keys:write"), s.handleAPIKeyRevoke)...)

	v1.Get("/audit-logs", append(s.need("audit_logs:read"), s.handleAuditLogList)...)
	v1.Get("/audit-logs/export.csv", append(s.needExport("audit_logs"), s.handleAuditLogExport)...)

	v1.Post("/auth/wallet/solana/nonce", s.handleWalletNonce)
	v1.Post("/auth/wallet/solana/verify", s.handleWalletVerify)
	v1.Post("/auth/wallet/solana/link", s.authenticate, s.handleWalletLink)
	v1.Post("/auth/wallet/solana/unlink", s.authenticate, s.handleWalletUnlink)
	v1.Get("/auth/wallet/solana/status", s.authenticate, s.handleWalletStatus)
	v1.Get("/auth/wallet/solana/lookup/:address", s.authenticate, s.handleWalletLookup)

	v1.Get("/users/me", append([]fiberHandler{s.authenticate}, s.handleUserMe)...)
	v1.Get("/users/me/quota", append([]fiberHandler{s.authenticate}, s.handleUserQuota)...)
	v1.Get("/usage", append(s.need("usage:read"), s.handleUsage)...)

	v1.Post("/webhooks", append(s.need("webhooks:write"), s.handleWebhookCreate)...)
	v1.Get("/webhooks", append(s.need("webhooks:read"), s.handleWebhookList)...)
	v1.Get("/webhooks/:id", append(s.need("webhooks:read"), s.handleWebhookGet)...)
	v1.Patch("/webhooks/:id", append(s.need("webhooks:write"), s.handleWebhookUpdate)...)
	v1.Delete("/webhooks/:id", append(s.need("webhooks:write"), s.handleWebhookDelete)...)
	v1.Post("/webhooks/:id/test", append(s.need("webhooks:write"), s.handleWebhookTest)...)
	v1.Get("/webhooks/:id/deliveries", append(s.need("webhooks:read"), s.handleDeliveryList)...)
	v1.Post("/webhooks/:id/deliveries/:delivery_id/redeliver", append(s.need("webhooks:write"), s.handleDeliveryRedeliver)...)

	v1.Get("/quality-gates/projects/:id", append(s.need("quality_gates:read"), s.handleGateGet)...)
	v1.Put("/quality-gates/projects/:id", append(s.need("quality_gates:write"), s.handleGatePut)...)
	v1.Post("/quality-gates/projects/:id/evaluate", append(s.need("quality_gates:write"), s.handleGateEvaluate)...)
	v1.Get("/quality-gates/projects/:id/build-status", append(s.need("quality_gates:read"), s.handleGateBuildStatus)...)
	v1.Get("/quality-gates/projects/:id/history", append(s.need("quality_gates:read"), s.handleGateHistory)...)
	v1.Get("/quality-gates/projects/:id/badge.svg", s.handleGateBadge)
}
