package server

import (
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// projectJSON is the API form of a project.
type projectJSON struct {
	ID             string    `json:"id"`
	OrganizationID string    `json:"organization_id"`
	Name           string    `json:"name"`
	Description    string    `json:"description"`
	RepositoryURL  string    `json:"repository_url"`
	CreatedBy      string    `json:"created_by"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

func toProject(p *db.Project) projectJSON {
	return projectJSON{ID: p.ID.String(), OrganizationID: p.OrganizationID.String(), Name: p.Name,
		Description: p.Description, RepositoryURL: p.RepositoryURL, CreatedBy: p.CreatedBy.String(),
		CreatedAt: p.CreatedAt.UTC(), UpdatedAt: p.UpdatedAt.UTC()}
}

// projectRequest is the body of POST and PATCH /projects.
type projectRequest struct {
	Name          *string `json:"name"`
	Description   *string `json:"description"`
	RepositoryURL *string `json:"repository_url"`
}

func (r projectRequest) input() core.ProjectInput {
	return core.ProjectInput{Name: r.Name, Description: r.Description, RepositoryURL: r.RepositoryURL}
}

func (s *Server) handleProjectCreate(c *fiber.Ctx) error {
	var req projectRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	p, err := s.svc.CreateProject(c.UserContext(), principal(c), req.input())
	if err != nil {
		return err
	}
	return one(c, fiber.StatusCreated, p.ID, "active", p.CreatedAt, toProject(p))
}

func (s *Server) handleProjectGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "project")
	if err != nil {
		return err
	}
	p, err := s.svc.GetProject(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, p.ID, "active", p.CreatedAt, toProject(p))
}

func (s *Server) handleProjectList(c *fiber.Ctx) error {
	lq, err := s.parseList(c, "projects", nil, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListProjects(c.UserContext(), principal(c), lq.page)
	if err != nil {
		return err
	}
	out := make([]projectJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toProject(&rows[i])
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "projects", out, keys, lq, res)
}

func (s *Server) handleProjectUpdate(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "project")
	if err != nil {
		return err
	}
	var req projectRequest
	if err := decodeJSON(c, &req); err != nil {
		return err
	}
	p, err := s.svc.UpdateProject(c.UserContext(), principal(c), id, req.input())
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, p.ID, "active", p.CreatedAt, toProject(p))
}

func (s *Server) handleProjectDelete(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "project")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteProject(c.UserContext(), principal(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
