package capture

import (
	"strings"
	"testing"
)

// Fake credentials of real shapes. Each must lose its secret part.
var secretCases = []struct{ name, text, secret string }{
	{"anthropic", "key sk-ant-api03-Xy7kP2mQ9vR4tL8wZ1nB5cD3fG6hJ0aS2eU4iO7yT9rE", "sk-ant-api03-Xy7kP2mQ9vR4tL8wZ1nB5cD3fG6hJ0aS2eU4iO7yT9rE"},
	{"anthropic admin", "sk-ant-admin01-Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz", "sk-ant-admin01-Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz"},
	{"openai project", "OPENAI=sk-proj-AbC123dEf456GhI789jKl012MnO345pQr", "sk-proj-AbC123dEf456GhI789jKl012MnO345pQr"},
	{"openai legacy", "use sk-4f9GkT2mQ8vX1nL5pR7wZ3bC6dH0jA9s please", "sk-4f9GkT2mQ8vX1nL5pR7wZ3bC6dH0jA9s"},
	{"openai short", "sk-9aB3xY7q", "sk-9aB3xY7q"},
	{"openai svcacct", "sk-svcacct-Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0", "sk-svcacct-Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0"},
	{"stripe live", "stripe sk_live_51HxYz2eZvKYlo2C0aBcDeFgHiJk", "sk_live_51HxYz2eZvKYlo2C0aBcDeFgHiJk"},
	{"stripe restricted", "rk_test_4eC39HqLyjWDarjtT1zdp7dc", "rk_test_4eC39HqLyjWDarjtT1zdp7dc"},
	{"stripe webhook", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"},
	{"aws access key", "aws AKIAIOSFODNN7EXAMPLE here", "AKIAIOSFODNN7EXAMPLE"},
	{"aws session key", "ASIAY34FZKBOKMUTVV7A", "ASIAY34FZKBOKMUTVV7A"},
	{"aws secret assignment", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"},
	{"github pat classic", "ghp_16C7e42F292c6912E7710c838347Ae178B4a", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"},
	{"github oauth", "gho_abcdefghijklmnopqrstuvwxyz0123456789", "gho_abcdefghijklmnopqrstuvwxyz0123456789"},
	{"github server", "ghs_Zx8Cv7Bn6Mq5Lw4Ke3Jr2Ht1Gy0Fu9DiAoSp", "ghs_Zx8Cv7Bn6Mq5Lw4Ke3Jr2Ht1Gy0Fu9DiAoSp"},
	{"github fine-grained", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN"},
	{"gitlab pat", "glpat-xR4k9Tz2Wm8Qp5Vn3Ls7", "glpat-xR4k9Tz2Wm8Qp5Vn3Ls7"},
	{"slack bot", "xoxb-2048-1234567890-AbCdEfGhIjKlMnOpQrStUv", "xoxb-2048-1234567890-AbCdEfGhIjKlMnOpQrStUv"},
	{"slack user", "xoxp-123456789012-123456789012-123456789012-abcdef0123456789abcdef0123456789", "xoxp-123456789012-123456789012-123456789012-abcdef0123456789abcdef0123456789"},
	{"slack webhook", "curl https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"},
	{"google api key", "AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe", "AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe"},
	{"google oauth", "ya29.a0AfH6SMBx7kQ2vP9rT4wL8nZ1cF5gH3jK", "ya29.a0AfH6SMBx7kQ2vP9rT4wL8nZ1cF5gH3jK"},
	{"huggingface", "hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "hf_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"},
	{"npm", "//registry.npmjs.org/:_authToken=npm_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5", "npm_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"},
	{"sendgrid", "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", "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"},
	{"digitalocean", "dop_v1_" + strings.Repeat("a1b2c3d4", 8), "dop_v1_" + strings.Repeat("a1b2c3d4", 8)},
	{"groq", "gsk_" + "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LzXcVbNmQwErTyUiOp", "gsk_Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LzXcVbNmQwErTyUiOp"},
	{"jwt", "token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c", "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"},
	{"bearer header", "curl -H 'Authorization: Bearer 9f8e7d6c5b4a3f2e1d0c9b8a'", "9f8e7d6c5b4a3f2e1d0c9b8a"},
	{"bearer prose", "send bearer abcDEF123456ghiJKL789 to it", "abcDEF123456ghiJKL789"},
	{"basic auth header", "Authorization: Basic dXNlcjpodW50ZXIyLXMzY3JldA==", "dXNlcjpodW50ZXIyLXMzY3JldA=="},
	{"pem rsa", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2dk\nQk9RzS4hX8nq\n-----END RSA PRIVATE KEY-----", "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2dk"},
	{"pem openssh cut off", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"},
	{"url password", "git clone https://alice:s3cr3tPassw0rd@github.com/acme/repo.git", "s3cr3tPassw0rd"},
	{"postgres url", "DATABASE_URL=postgres://app:hunter2hunter2@db.internal:5432/app", "hunter2hunter2"},
	{"multi-part token", "export MY_APP_TOKEN=abc123", "abc123"},
	{"multi-part secret", "STRIPE_WEBHOOK_SECRET='whatever-it-is-42'", "whatever-it-is-42"},
	{"multi-part key", "DEEPSEEK_API_KEY=ds-7f3a9b2c4d5e6f7a8b9c", "ds-7f3a9b2c4d5e6f7a8b9c"},
	{"password assignment", "PASSWORD=correct-horse-battery", "correct-horse-battery"},
	{"db password", "DB_PASSWORD: Tr0ub4dor&3", "Tr0ub4dor&3"},
	{"json api key", `{"api_key": "q8Z2xW4vB6nM1kL3jH5g"}`, "q8Z2xW4vB6nM1kL3jH5g"},
	{"camel case secret", "clientSecret = 'f00Bar-baz-Qux-77'", "f00Bar-baz-Qux-77"},
	{"yaml token", "  auth_token: 'tok_9x8y7z6w5v'", "tok_9x8y7z6w5v"},
	{"cli flag-ish", "--password=p4ssw0rd!", "p4ssw0rd!"},
	{"azure storage", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=" + strings.Repeat("Ab3+", 22) + "==", strings.Repeat("Ab3+", 22)},
	{"random base64", "the value was Zk9xT2vL8mQ4pR7wN1cB6hJ3dF5gA0sY", "Zk9xT2vL8mQ4pR7wN1cB6hJ3dF5gA0sY"},
	{"random url-safe", "cookie session=gT5_kLm9-PqR2sTuV8wXyZ1aB4cD7eF", "gT5_kLm9-PqR2sTuV8wXyZ1aB4cD7eF"},
	{"twilio-like auth token", "TWILIO_AUTH_TOKEN=9b1f3e5d7c9a1b3d5f7e9c1a3b5d7f9e", "9b1f3e5d7c9a1b3d5f7e9c1a3b5d7f9e"},
}

// Innocent text that looks a little like a secret. Each must survive unchanged.
var innocentCases = []string{
	"commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it",
	"sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	"md5 d41d8cd98f00b204e9800998ecf8427e",
	"note 01KED8TWT02GVYTV7ZTZ8P567E was updated",
	"session 90c0e2a4-5b6c-4d7e-8f90-a1b2c3d4e5f6 ended",
	"/home/alice/src/anamnesis/core/capture/redact_test.go",
	"C:\\Users\\alice\\AppData\\Local\\Programs\\Claude\\claude.exe",
	"TestCaptureSameSessionThreeTimesGivesOneNote",
	"func (s *Store) FindBySession(ctx context.Context, session string)",
	"the token budget is 2000 tokens",
	"max_tokens=4096",
	"token_count: 512",
	"sort_key=created_at",
	"primary_key=True",
	"password: see the vault entry",
	"Token: expired",
	"PASSWORD=${DB_PASSWORD}",
	"API_KEY=<your-key-here>",
	"OPENAI_API_KEY=os.getenv(\"OPENAI_API_KEY\")",
	"secret = None",
	"GITHUB_TOKEN=$GITHUB_TOKEN",
	"pip install scikit-learn; import sklearn as sk-learn",
	"ask the sk-ip-list maintainers",
	"task-force meeting at 10",
	"the AKIA prefix marks AWS access keys",
	"bearer token authentication is configured in nginx",
	"Authorization: [REDACTED]",
	"https://github.com/anthropics/claude-code/issues/42369",
	"https://user@example.com/path",
	"postgres://localhost:5432/app",
	"docker pull ghcr.io/acme/service:v1.2.3-rc4",
	"kubernetes-deployment-rollout-canary-v2",
	"internationalization_localization_settings",
	"SELECT m.id FROM memories m WHERE m.updated_at > '2026-01-01T00:00:00+00:00'",
	"run go test -race -count=1 ./core/capture/...",
	"base64 of hello is aGVsbG8=",
	"eyJhbGciOiJIUzI1NiJ9 is just a header",
	"ghp_ is the prefix of a GitHub classic token",
	"v1.2.3+build.20260101",
	"The quick brown fox jumps over the lazy dog 1234567890 times",
	"xoxb- tokens are Slack bot tokens",
	"-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
	"config key: inject_budget_tokens",
	"CamelCaseIdentifierWithVersion2AndMore",
}

func TestRedactSecrets(t *testing.T) {
	caught := 0
	for _, c := range secretCases {
		got := Redact(c.text)
		if strings.Contains(got, c.secret) || !strings.Contains(got, Redacted) {
			t.Errorf("%s: not redacted: %q → %q", c.name, c.text, got)
			continue
		}
		caught++
	}
	t.Logf("secrets redacted: %d/%d", caught, len(secretCases))
	if len(secretCases) < 40 {
		t.Fatalf("the table needs at least 40 secret shapes, has %d", len(secretCases))
	}
}

func TestRedactLeavesInnocentText(t *testing.T) {
	kept := 0
	for _, text := range innocentCases {
		if got := Redact(text); got != text {
			t.Errorf("innocent text changed: %q → %q", text, got)
			continue
		}
		kept++
	}
	t.Logf("innocent texts untouched: %d/%d", kept, len(innocentCases))
	if len(innocentCases) < 40 {
		t.Fatalf("the table needs at least 40 innocent look-alikes, has %d", len(innocentCases))
	}
}

func TestRedactKeepsNamesReadable(t *testing.T) {
	for in, want := range map[string]string{
		"export MY_APP_TOKEN=abc123 && run":            "export MY_APP_TOKEN=[REDACTED] && run",
		"https://alice:pw12345@host/x":                 "https://alice:[REDACTED]@host/x",
		"Authorization: Bearer abcdef1234567890abcdef": "Authorization: Bearer [REDACTED]",
		`{"password": "hunter22", "user": "bob"}`:      `{"password": "[REDACTED]", "user": "bob"}`,
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}
