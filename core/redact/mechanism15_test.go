package redact

import "testing"

// Tuning cases for the tenth round (issue 15): each cause found in fresh8's odd half, written
// with other services, tools and shapes than fresh8's own (whose even half is held back and
// whose strings are not copied here).

func mechanismSecrets15(g *gen) []secretCase {
	return []secretCase{
		// A name of sections joined by a double underscore (.NET configuration from the
		// environment, Docker images that map it to nested settings) still ends in its word.
		sc("dotnet kestrel cert password", "export Kestrel__Certificates__Default__Password=%s", g.password()),
		sc("dotnet connection password", "  - Smtp__Credentials__Password=%s", g.birthday()),
		sc("nested env token", "PAPERLESS__EMAIL__TOKEN=%s", g.s(alnum, 32)),
		// A password manager's field: the value first, its name after it; or a type that says
		// password before the value.
		sc("value before name", `{"fields": [{"value": "%s", "name": "master password", "kind": "concealed"}]}`, g.password()),
		sc("value before designation", `[{"value": "%s", "designation": "password"}]`, g.birthday()),
		sc("typed password field", `{"items": [{"label": "Login", "type": "password", "value": "%s"}]}`, g.password()),
		sc("typed field in yaml", "- type: password\n  value: %s", g.password()),
		// A pre-shared key spelled out is a psk whatever holds it.
		sc("ipsec pre_shared_key", "[conn]\npre_shared_key = %s", g.password()),
		sc("strongswan psk json", `{"remote": "vpn.example.org", "preSharedKey": "%s"}`, g.birthday()),
		// SQL that names the authentication method before the password or its hash.
		sc("mysql8 identified with by", "CREATE USER 'etl'@'%%' IDENTIFIED WITH caching_sha2_password BY '%s';", g.password()),
		sc("mysql identified with as", "ALTER USER 'etl'@'localhost' IDENTIFIED WITH mysql_native_password AS '%s';", "*"+g.s(hexUp, 40)),
		// Codes printed as a numbered list under the phrase that announces them.
		sc("numbered backup codes", "Backup codes for ops@example.org:\n1. %s\n2. %s", g.s(lowNum, 4)+"-"+g.s(lowNum, 4), g.s(lowNum, 4)+"-"+g.s(lowNum, 4)),
		sc("parenthesised recovery codes", "Your recovery codes:\n1) %s\n2) %s", g.s(hexUp, 8), g.s(hexUp, 8)),
		// The same layout under a key that says nothing public stays a secret.
		sc("plist private signing key", "<key>PrivateSigningKey</key>\n<string>%s</string>", g.b64std(32)),
		sc("pre-shared-key flag", "nmcli-like set wifi pre-shared-key: %s", g.password()),
	}
}

func mechanismInnocent15(g *gen) []string {
	return []string{
		// Environment readers applied without parentheses, and the environment as a hash.
		`let token = Sys.getenv "DEPLOY_TOKEN"`,
		`password <- getEnv "DB_PASSWORD"`,
		`val secret = Environment.GetEnvironmentVariable "SIGNING_SECRET"`,
		`my $password = $ENV{PGPASSWORD};`,
		`api_token = %ENV{DEPLOY_TOKEN}`,
		`token = ENV["DEPLOY_TOKEN"]`,
		// A pair whose value comes first but whose name is no secret.
		`{"value": "release-2026.` + g.s(digits, 2) + `", "name": "build number"}`,
		`{"type": "string", "value": "` + g.s(alnum, 20) + `"}`,
		// A secret flag's value made of options: where the secret comes from, not the secret.
		"docker buildx build --secret id=gh,env=GH_TOKEN -t app .",
		"podman run --secret dbpass,type=env,target=DB_PASSWORD postgres",
		"buildah bud --secret id=aws,src=/run/secrets/aws .",
		// A public key under a name whose acronym meets the word: JWTPublicKey, OIDCPublicKey.
		`JWTPublicKey = "` + g.b64std(44) + `"`,
		`OIDCPublicKey: ` + g.b64std(44),
		// A numbered list of steps under the same phrase.
		"Recovery codes:\n1. Print them\n2. Store them somewhere safe",
		"Backup codes: how to use them\n1) Open settings\n2) Choose Security",
		// The method named without a password: a directory, a plugin; prose about it.
		"CREATE USER svc IDENTIFIED WITH ldap SERVER 'corp_ldap';",
		"CREATE USER 'u'@'%' IDENTIFIED WITH auth_socket;",
		"Users are identified with kerberos by default.",
		// A property list's key that says public keeps its value, in <string> or <data>.
		"<key>PublicSigningKey</key>\n<string>" + g.b64std(32) + "</string>",
		"<key>UpdaterPublicKey</key><data>" + g.b64std(48) + "</data>",
		// Names that hold "key" but no pre-shared secret.
		"shared_key_count = 12",
	}
}

// TestRound10Mechanisms checks single decisions of round 10 at their edges.
func TestRound10Mechanisms(t *testing.T) {
	for _, c := range []struct {
		name string
		want []string
	}{
		{"SUPublicEDKey", []string{"su", "public", "ed", "key"}},
		{"DBPassword", []string{"db", "password"}},
		{"JWTPublicKey", []string{"jwt", "public", "key"}},
		{"userIDs", []string{"user", "ids"}},
		{"Kestrel__Certificates__Password", []string{"kestrel", "certificates", "password"}},
	} {
		got := nameParts(c.name)
		if len(got) != len(c.want) {
			t.Errorf("nameParts(%q) = %q, want %q", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("nameParts(%q) = %q, want %q", c.name, got, c.want)
				break
			}
		}
	}
	for _, c := range []struct {
		v    string
		want bool
	}{
		{"id=npm,env=NPM_TOKEN", true}, {"token,type=env,target=API_TOKEN", true},
		{"id=aws,src=$HOME/.aws/credentials", true}, {"a=b", false}, {"Camila,1976", false},
		{"pass=word,x", false},
	} {
		if got := optionList().MatchString(c.v); got != c.want {
			t.Errorf("optionList(%q) = %v, want %v", c.v, got, c.want)
		}
	}
}
