package redact

import "testing"

// TestCommandLineModel checks that each password slot the model knows is redacted exactly, the
// rest of the command staying readable, wherever the command stands (a Markdown code span, a
// JSON string, a shell line).
func TestCommandLineModel(t *testing.T) {
	for in, want := range map[string]string{
		"rabbitmqctl add_user svc hunter5":                         "rabbitmqctl add_user svc [REDACTED:cli-password]",
		"- `rabbitmqctl add_user svc hunter5`":                     "- `rabbitmqctl add_user svc [REDACTED:cli-password]`",
		`{"command":"redis-cli -h cache -a hunter5 ping"}`:         `{"command":"redis-cli -h cache -a [REDACTED:cli-password] ping"}`,
		"htpasswd -bc /etc/nginx/.htpasswd bob 'solo'":             "htpasswd -bc /etc/nginx/.htpasswd bob '[REDACTED:cli-password]'",
		"htpasswd -nbB admin hunter":                               "htpasswd -nbB admin [REDACTED:cli-password]",
		"lftp -u deploy,hunter5 sftp://h":                          "lftp -u deploy,[REDACTED:cli-password] sftp://h",
		"mysqladmin -u root -phunter5 password solo":               "mysqladmin -u root -p[REDACTED:cli-password] password [REDACTED:cli-password]",
		"NET USER backup hunter5 /add":                             "NET USER backup [REDACTED:cli-password] /add",
		"ldapsearch -x -w solo -b dc=ex":                           "ldapsearch -x -w [REDACTED:cli-password] -b dc=ex",
		"sudo /usr/bin/mongosh -u app -p solo":                     "sudo /usr/bin/mongosh -u app -p [REDACTED:cli-password]",
		"7z x -psolo a.7z":                                         "7z x -p[REDACTED:cli-password] a.7z",
		"openssl enc -k solo -passin pass:hunter5 -passout env:PW": "openssl enc -k [REDACTED:cli-password] -passin pass:[REDACTED:cli-password] -passout env:PW",
		"sqlplus scott/tiger@//db:1521/ORCL":                       "sqlplus scott/[REDACTED:cli-password]@//db:1521/ORCL",
		"az login --service-principal -u app -p solo1 --tenant t":  "az login --service-principal -u app -p [REDACTED:cli-password] --tenant t",
		// No password in a slot: prompts, placeholders, switches, other subcommands.
		"rabbitmqctl set_permissions -p / svc '.*' '.*' '.*'": "rabbitmqctl set_permissions -p / svc '.*' '.*' '.*'",
		"net user alice * /add":                               "net user alice * /add",
		"redis-cli -a $REDIS_PW ping":                         "redis-cli -a $REDIS_PW ping",
		"mongosh -u admin -p --quiet":                         "mongosh -u admin -p --quiet",
		"az vm list -p x":                                     "az vm list -p x",
		"ssh-keygen -N '' -f k":                               "ssh-keygen -N '' -f k",
		"the network is down; zip it up":                      "the network is down; zip it up",
	} {
		if got, _ := Redact(in); got != want {
			t.Errorf("Redact(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}

func TestShellWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{`a 'b c' "d" e`, []string{"a", "b c", "d", "e"}},
		{`--password='x y' z`, []string{"--password=x y", "z"}},
		{"x y` tail", []string{"x", "y"}},
		{`x y"}`, []string{"x", "y"}},
		{`x 'unterminated`, []string{"x"}},
	} {
		args := shellWords(c.in, 0, len(c.in))
		var got []string
		for _, a := range args {
			got = append(got, a.v)
		}
		if len(got) != len(c.want) {
			t.Errorf("shellWords(%q) = %q, want %q", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("shellWords(%q) = %q, want %q", c.in, got, c.want)
				break
			}
		}
	}
}
