package note

// View is the note object tools and --json output return: the Python reference's shape (id, type,
// title, project, machine_id, scope, user_id, workspace_id, tags, timestamps, body) plus status
// and deleted_at for forgotten notes. Provenance stays in the file.
type View struct {
	ID          string   `json:"id"`
	Type        Type     `json:"type"`
	Title       string   `json:"title"`
	Project     string   `json:"project"`
	MachineID   string   `json:"machine_id"`
	Scope       Scope    `json:"scope"`
	UserID      string   `json:"user_id"`
	WorkspaceID string   `json:"workspace_id"`
	Tags        []string `json:"tags"`
	CreatedAt   string   `json:"created_at"`
	UpdatedAt   string   `json:"updated_at"`
	Status      Status   `json:"status,omitempty"`
	DeletedAt   string   `json:"deleted_at,omitempty"`
	Body        *string  `json:"body,omitempty"`
}

// ViewOf renders n for output; withBody includes the body (search, show, write) or leaves it out
// (list).
func ViewOf(n *Note, withBody bool) View {
	v := View{ID: n.ID, Type: n.Type, Title: n.Title, Project: n.Project, MachineID: n.MachineID,
		Scope: n.Scope, UserID: n.UserID, WorkspaceID: n.WorkspaceID, Tags: n.Tags,
		CreatedAt: n.CreatedAt, UpdatedAt: n.UpdatedAt, Status: n.Status, DeletedAt: n.DeletedAt}
	if v.Tags == nil {
		v.Tags = []string{}
	}
	if withBody {
		b := n.Body
		v.Body = &b
	}
	return v
}
