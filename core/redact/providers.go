package redact

// providerRules are tokens whose prefix or layout names their issuer. Each is written from the
// provider's published token format; the keyword is the literal prefix, lower-cased, so a rule
// costs a substring search on text that cannot hold its token. Bodies are given a minimum length,
// not an exact one, where providers have changed lengths before.
func providerRules() []*rule {
	return []*rule{
		// Model providers.
		mk("anthropic", `\bsk-ant-(?:api|admin|oat|sid)\d\d-[A-Za-z0-9_-]{20,}`, "sk-ant-"),
		withPick(mk("openai", `\bsk-(?:proj-|svcacct-|admin-|None-|or-v1-|lf-)?[A-Za-z0-9_-]{20,}`, "sk-"), wholeIf(notWordy)),
		mk("openai", `\b[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}\b`, "t3blbkfj"),
		mk("groq", `\bgsk_[A-Za-z0-9]{40,}`, "gsk_"),
		mk("xai", `\bxai-[A-Za-z0-9]{40,}`, "xai-"),
		mk("perplexity", `\bpplx-[A-Za-z0-9]{40,}`, "pplx-"),
		mk("huggingface", `\b(?:hf_|api_org_)[A-Za-z0-9]{30,}`, "hf_", "api_org_"),
		mk("replicate", `\br8_[A-Za-z0-9]{30,}`, "r8_"),
		mk("pinecone", `\bpcsk_[A-Za-z0-9_]{40,}`, "pcsk_"),
		mk("langsmith", `\blsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}`, "lsv2_"),

		// Clouds.
		mk("aws-access-key", `\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|AROA|APKA)[A-Z0-9]{16}\b`, "akia", "asia", "abia", "acca", "agpa", "aida", "aipa", "anpa", "anva", "aroa", "apka", "a3t"),
		mk("google", `\bAIza[0-9A-Za-z_-]{35}|\bya29\.[0-9A-Za-z_-]{20,}|\bGOCSPX-[0-9A-Za-z_-]{28}|\b1//0[0-9A-Za-z_-]{40,}`, "aiza", "ya29.", "gocspx-", "1//0"),
		withPick(mk("azure-ad", `(?:^|[^A-Za-z0-9_~.-])([A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34})`, "q~"), firstGroup(nil, 1)),
		mk("alibaba", `\bLTAI[A-Za-z0-9]{17,21}\b`, "ltai"),
		mk("digitalocean", `\bdo[opr]_v1_[a-f0-9]{64}`, "_v1_"),
		mk("heroku", `\bHRKU-[A-Za-z0-9_-]{40,}`, "hrku-"),
		mk("fly", `\bfo1_[A-Za-z0-9_-]{40,}|\bFlyV1 fm[12][a-z]?_[A-Za-z0-9+/=_,-]{40,}`, "fo1_", "flyv1"),
		mk("cloudflare", `\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}`, "v1.0-"),
		withPick(mk("yandex", `\bAQVN[A-Za-z0-9_-]{35,38}|\bYC[A-Za-z0-9_-]{38}\b|\bt1\.[A-Za-z0-9_-]+={0,2}\.[A-Za-z0-9_-]{86}={0,2}`, "aqvn", "yc", "t1."), wholeIf(randomish)),
		mk("vault", `\bhv[sbr]\.[A-Za-z0-9_-]{24,}`, "hvs.", "hvb.", "hvr."),
		mk("terraform", `\b[a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,}`, "atlasv1"),
		mk("openshift", `\bsha256~[A-Za-z0-9_-]{43}`, "sha256~"),
		mk("databricks", `\bdapi[a-f0-9]{32}(?:-\d)?`, "dapi"),
		mk("dynatrace", `\bdt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}`, "dt0c01."),

		// Code hosting, CI and package registries.
		mk("github", `\bgh[pousr]_[A-Za-z0-9]{36,}|\bgithub_pat_[A-Za-z0-9_]{60,}`, "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
		mk("gitlab", `\bgl(?:pat|dt|ptt|rt|cbt|imt|oas|ft|soat|agent|ffct|wt)-[A-Za-z0-9_.-]{20,}|\bGR1348941[A-Za-z0-9_-]{20,}`, "gl", "gr1348941"),
		mk("bitbucket", `\bATBB[A-Za-z0-9_=.-]{32,}`, "atbb"),
		mk("atlassian", `\bAT(?:ATT|CTT)3[A-Za-z0-9_=-]{150,}`, "atatt3", "atctt3"),
		mk("buildkite", `\bbkua_[a-f0-9]{40}`, "bkua_"),
		mk("circleci", `\bCCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}`, "ccipat_"),
		mk("sourcegraph", `\bsgp_(?:[a-fA-F0-9]{16}|local)_[a-fA-F0-9]{40}|\bslk_[a-f0-9]{64}`, "sgp_", "slk_"),
		mk("npm", `\bnpm_[A-Za-z0-9]{36}`, "npm_"),
		mk("pypi", `\bpypi-AgE[A-Za-z0-9_-]{50,}`, "pypi-age"),
		mk("rubygems", `\brubygems_[a-f0-9]{48}`, "rubygems_"),
		mk("nuget", `\boy2[a-z0-9]{43}\b`, "oy2"),
		mk("clojars", `\bCLOJARS_[a-z0-9]{60}`, "clojars_"),
		mk("docker-hub", `\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}`, "dckr_"),
		mk("jfrog", `\bAKCp[A-Za-z0-9]{69}|\bcmVmdGtu[A-Za-z0-9]{56}`, "akcp", "cmvmdgtu"),
		mk("pulumi", `\bpul-[a-f0-9]{40}`, "pul-"),
		mk("sonar", `\bsq[pua]_[a-f0-9]{40}\b`, "sqp_", "squ_", "sqa_"),
		onLine(withPick(mk("octopus", `\bAPI-[A-Z0-9]{26,32}\b`, "api-"), wholeIf(randomish)), exactly("API-")),
		mk("harness", `\bpat\.[A-Za-z0-9_-]{22}\.[0-9a-fA-F]{24}\.[A-Za-z0-9]{20}`, "pat."),
		mk("authress", `\b(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-z0-9+/_=-]{30,120}`, ".acc_", ".acc-"),
		withPick(mk("sidekiq", `(?i)\bBUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM["']?[ \t]*[:=][ \t]*["']?([a-f0-9]{8}:[a-f0-9]{8})`, "__contribsys__com"), firstGroup(nil, 1)),
		mk("prefect", `\bpnu_[A-Za-z0-9]{36}`, "pnu_"),
		mk("readme", `\brdme_[a-z0-9]{70}`, "rdme_"),
		mk("scalingo", `\btk-us-[A-Za-z0-9_-]{48}`, "tk-us-"),
		mk("render", `\brnd_[A-Za-z0-9]{32,}`, "rnd_"),
		mk("neon", `\bnapi_[a-z0-9]{64}`, "napi_"),
		mk("supabase", `\bsbp_[a-f0-9]{40}|\bsb_secret_[A-Za-z0-9_-]{20,}`, "sbp_", "sb_secret_"),
		mk("planetscale", `\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9=._-]{32,64}`, "pscale_"),
		mk("doppler", `\bdp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9._-]{40,}`, "dp."),
		mk("tailscale", `\btskey-[a-z]+-[A-Za-z0-9]{6,}-[A-Za-z0-9]{20,}`, "tskey-"),
		mk("age", `\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`, "age-secret-key-1"),
		mk("1password", `\bops_eyJ[A-Za-z0-9+/=_-]{100,}`, "ops_eyj"),
		mk("sentry", `\bsntry[su]_[A-Za-z0-9+/=_]{40,}|https://[a-f0-9]{32}@[a-z0-9.-]*sentry\.io/\d+`, "sntrys_", "sntryu_", "sentry.io"),
		mk("grafana", `\bglc_[A-Za-z0-9+/]{32,}={0,2}|\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|\beyJrIjoi[A-Za-z0-9+/=]{40,}`, "glc_", "glsa_", "eyjrijoi"),
		mk("new-relic", `\bNR(?:AK|II|AA|JS)-[A-Za-z0-9]{19,32}\b`, "nrak-", "nrii-", "nraa-", "nrjs-"),

		// Chat, mail and messaging.
		mk("slack", `\bxox[abposre]-[A-Za-z0-9-]{10,}|\bxapp-\d-[A-Z0-9]+-\d+-[a-f0-9]+|\bxoxe\.xox[bp]-\d-[A-Za-z0-9]{100,}|https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]+`, "xox", "xapp-", "hooks.slack.com"),
		onLine(withPick(mk("discord", `\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}|https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]+`, ".", "discord"), wholeIf(randomish)), discordDot),
		mk("teams-webhook", `https://[a-z0-9-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@/-]+`, "webhook.office.com"),
		mk("telegram", `\b\d{5,16}:AA[A-Za-z0-9_-]{32,34}\b`, ":aa"),
		mk("twilio", `\bSK[0-9a-fA-F]{32}\b`, "sk"),
		mk("sendgrid", `\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{20,64}`, "sg."),
		mk("mailgun", `\bkey-[a-f0-9]{32}\b|\bpubkey-[a-f0-9]{32}\b`, "key-"),
		mk("mailchimp", `\b[0-9a-f]{32}-us\d{1,2}\b`, "-us"),
		mk("brevo", `\bxkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|\bxsmtpsib-[a-f0-9]{64}-[A-Za-z0-9]{16}`, "xkeysib-", "xsmtpsib-"),
		mk("resend", `\bre_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}`, "re_"),
		mk("firebase", `\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{100,}`, "apa91b"),
		mk("zapier-webhook", `https://hooks\.zapier\.com/hooks/catch/\d+/[A-Za-z0-9]+`, "hooks.zapier.com"),

		// Payments and commerce.
		mk("stripe", `\b(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}|\bwhsec_[A-Za-z0-9]{16,}`, "_live_", "_test_", "_prod_", "whsec_"),
		mk("square", `\bsq0(?:atp|csp|idp)-[A-Za-z0-9_-]{22,}|\bEAAA[A-Za-z0-9_+=-]{60,}`, "sq0", "eaaa"),
		withPick(mk("facebook", `\bEAA[A-Za-z0-9]{100,}`, "eaa"), wholeIf(randomish)),
		// An app access token: the app's numeric id, "|" (or %7C in a URL) and the app secret.
		onLine(near(withPick(mk("facebook", `\b\d{15,16}(?:\||%7[Cc])([0-9A-Za-z_-]{27,40})\b`, "|", "%7c"), wholeIf(hasDigit)), 17, 48), digitsBefore(15)),
		mk("braintree", `access_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}`, "access_token$"),
		mk("shopify", `\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}`, "shpat_", "shpss_", "shpca_", "shppa_"),
		mk("shippo", `\bshippo_(?:live|test)_[a-f0-9]{40}`, "shippo_"),
		mk("duffel", `\bduffel_(?:test|live)_[A-Za-z0-9_=-]{43}`, "duffel_"),
		mk("easypost", `\bE[ZS]AK[A-Za-z0-9]{54}|\bEZTK[A-Za-z0-9]{54}`, "ezak", "esak", "eztk"),
		mk("flutterwave", `\bFLW(?:SECK|PUBK)(?:_TEST)?-[a-hA-H0-9]{32}-X|\bFLWSECK_TEST[a-hA-H0-9]{12}`, "flwseck", "flwpubk"),
		withPick(mk("gocardless", `\blive_[A-Za-z0-9_=-]{40}\b`, "live_"), wholeIf(randomish)),
		withPick(mk("lob", `\b(?:live|test)_[a-f0-9]{35}\b`, "live_", "test_"), wholeIf(randomish)),
		mk("coinbase", `\borganizations/[a-f0-9-]{36}/apiKeys/[a-f0-9-]{36}`, "apikeys"),

		// Productivity and other SaaS.
		// Asana personal access tokens: 1/<16 digits>:<32 hex>. "/" is everywhere, so the guard
		// looks for the digits on both sides before the expression runs.
		onLine(near(mk("asana", `\b[0-9]/[0-9]{16}:[0-9a-f]{32}\b`, "/"), 2, 56), asanaSlash),
		mk("linear", `\blin_(?:api|oauth)_[A-Za-z0-9]{40}`, "lin_"),
		withPick(mk("notion", `\bntn_[0-9]{11}[A-Za-z0-9]{35}|\bsecret_[A-Za-z0-9]{43}\b`, "ntn_", "secret_"), wholeIf(randomish)),
		mk("airtable", `\bpat[A-Za-z0-9]{14}\.[a-f0-9]{64}`, "pat"),
		mk("figma", `\bfig[dou]_[A-Za-z0-9_-]{40,}`, "figd_", "figo_", "figu_"),
		mk("postman", `\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}`, "pmak-"),
		mk("contentful", `\bCFPAT-[A-Za-z0-9_-]{43}`, "cfpat-"),
		mk("typeform", `\btfp_[A-Za-z0-9_.=-]{44,}`, "tfp_"),
		withPick(mk("dropbox", `\bsl\.(?:u\.)?[A-Za-z0-9_-]{120,}`, "sl."), wholeIf(randomish)),
		mk("mapbox", `\bsk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}`, "sk.eyj"),
		mk("adobe", `\bp8e-[A-Za-z0-9]{32}`, "p8e-"),
		mk("frameio", `\bfio-u-[A-Za-z0-9_=-]{64}`, "fio-u-"),
		mk("intra42", `\bs-s4t2(?:ud|af)-[a-f0-9]{64}`, "s-s4t2"),
		mk("maxmind", `\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b`, "_mmk"),
		mk("settlemint", `\bsm_(?:pat|aat|sat)_[A-Za-z0-9]{16}`, "sm_"),
		mk("defined-networking", `\bdnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}`, "dnkey-"),
		mk("salesforce", `\b00D[A-Za-z0-9]{12,15}![A-Za-z0-9_.]{90,}`, "00d"),
		mk("okta", `\bSSWS\s+00[A-Za-z0-9_-]{40}`, "ssws"),
	}
}

func withPick(r *rule, pick func(string, []int) [][2]int) *rule {
	r.pick = pick
	return r
}

// notWordy rejects an "sk-" match that reads like hyphenated words (sk-learn-compat-shim-layer):
// a key body has digits.
func notWordy(m string) bool { return hasDigit(m[3:]) }

// exactly accepts a keyword hit written exactly as want (the keyword scan ignores case).
func exactly(want string) func(string, int, int) bool {
	return func(text string, start, end int) bool { return text[start:end] == want }
}

// discordDot accepts the first dot of a Discord bot token (24 to 28 token characters, a dot,
// six, a dot) and any "discord".
func discordDot(text string, start, _ int) bool {
	if text[start] != '.' {
		return true
	}
	return start >= 24 && start+7 < len(text) && text[start+7] == '.' && isTokenByte(text[start-24]) && isTokenByte(text[start+1])
}

// digitsBefore accepts a keyword hit preceded by at least n digits: an app id before "|".
func digitsBefore(n int) func(string, int, int) bool {
	return func(text string, start, _ int) bool {
		if start < n {
			return false
		}
		for i := start - n; i < start; i++ {
			if text[i] < '0' || text[i] > '9' {
				return false
			}
		}
		return true
	}
}

// asanaSlash accepts a "/" with a single digit before it and sixteen digits and a colon after.
func asanaSlash(text string, start, _ int) bool {
	if start < 1 || start+18 >= len(text) || text[start-1] < '0' || text[start-1] > '9' || start >= 2 && isAlnum(text[start-2]) {
		return false
	}
	for i := start + 1; i <= start+16; i++ {
		if text[i] < '0' || text[i] > '9' {
			return false
		}
	}
	return text[start+17] == ':'
}
