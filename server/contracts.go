package server

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
	"github.com/bulwark-sec/bulwark/db"
)

// contractJSON is the API form of a contract. Files (paths, sizes, hashes;
// never contents) appear on upload and get, not in lists.
type contractJSON struct {
	ID             string             `json:"id"`
	OrganizationID string             `json:"organization_id"`
	ProjectID      string             `json:"project_id"`
	Name           string             `json:"name"`
	Language       string             `json:"language"`
	Status         string             `json:"status"`
	FileCount      int                `json:"file_count"`
	TotalBytes     int64              `json:"total_bytes"`
	SHA256         string             `json:"sha256"`
	Files          []contractFileJSON `json:"files,omitempty"`
	CreatedBy      string             `json:"created_by"`
	CreatedAt      time.Time          `json:"created_at"`
	UpdatedAt      time.Time          `json:"updated_at"`
}

type contractFileJSON struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

func toContract(ct *db.Contract, withFiles bool) contractJSON {
	out := contractJSON{ID: ct.ID.String(), OrganizationID: ct.OrganizationID.String(),
		ProjectID: ct.ProjectID.String(), Name: ct.Name, Language: ct.Language, Status: ct.Status,
		FileCount: ct.FileCount, TotalBytes: ct.TotalBytes, SHA256: ct.SHA256, CreatedBy: ct.CreatedBy.String(),
		CreatedAt: ct.CreatedAt.UTC(), UpdatedAt: ct.UpdatedAt.UTC()}
	if withFiles {
		out.Files = make([]contractFileJSON, len(ct.Files))
		for i, f := range ct.Files {
			out.Files[i] = contractFileJSON{Path: f.Path, Size: f.Size, SHA256: f.SHA256}
		}
	}
	return out
}

// Upload form fields. Files come as "files" (repeatable) or "file".
var uploadValueFields = map[string]bool{"project_id": true, "name": true, "language": true}
var uploadFileFields = map[string]bool{"files": true, "file": true}

func (s *Server) handleContractUpload(c *fiber.Ctx) error {
	mt, params, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType))
	if err != nil || mt != fiber.MIMEMultipartForm || params["boundary"] == "" {
		return core.Errorf(core.CodeInvalidRequest, "the body must be multipart/form-data with a boundary")
	}
	// fasthttp inflates a compressed multipart body without bound; refuse
	// it before asking for the form. Zip archives are the way to compress.
	if ce := strings.TrimSpace(c.Get(fiber.HeaderContentEncoding)); ce != "" && !strings.EqualFold(ce, "identity") {
		return core.Errorf(core.CodeInvalidRequest, "Content-Encoding %q is not accepted on uploads; send a zip archive instead", ce)
	}
	org := principal(c).OrgID
	if !s.uploads.take(org) {
		return tooManyUploads()
	}
	defer s.uploads.release(org)
	// The body is read only now, after authentication: as a stream capped
	// at the 52 MB body limit, holding at most 16 MB of files in memory and
	// spilling the rest to temporary files removed after the request.
	form, err := multipart.NewReader(uploadBody(c), params["boundary"]).ReadForm(16 << 20)
	if errors.Is(err, errBodyTooLarge) {
		return bodyTooLarge(c, maxBody)
	}
	if err != nil {
		return core.Errorf(core.CodeInvalidRequest, "malformed multipart/form-data body")
	}
	defer func() { _ = form.RemoveAll() }()
	for k, v := range form.Value {
		switch {
		case uploadFileFields[k]:
			return core.Invalid("files", "not_a_file", "the "+k+" field must be a file part with a filename")
		case !uploadValueFields[k]:
			return core.Invalid(k, "unknown", "unknown form field "+k)
		case len(v) > 1:
			return core.Invalid(k, "repeated", k+" must be sent once")
		}
	}
	var fhs []*multipart.FileHeader
	for k := range form.File {
		if !uploadFileFields[k] {
			return core.Invalid(k, "unknown", "unknown form field "+k+"; send files as files or file")
		}
	}
	fhs = append(fhs, form.File["files"]...)
	fhs = append(fhs, form.File["file"]...)

	raw, ok := formValue(form, "project_id")
	if !ok || raw == "" {
		return core.Missing("project_id")
	}
	projectID, err := parseUUIDField("project_id", raw)
	if err != nil {
		return err
	}
	in := core.ContractUpload{ProjectID: projectID}
	if v, ok := formValue(form, "name"); ok {
		in.Name = &v
	}
	if v, ok := formValue(form, "language"); ok {
		in.Language = &v
	}
	for _, fh := range fhs {
		in.Files = append(in.Files, core.UploadPart{Name: fh.Filename,
			Open: func() (io.ReadCloser, error) { return fh.Open() }})
	}
	ct, err := s.svc.UploadContract(c.UserContext(), principal(c), in)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusCreated, ct.ID, ct.Status, ct.CreatedAt, toContract(ct, true))
}

func formValue(f *multipart.Form, k string) (string, bool) {
	if v := f.Value[k]; len(v) > 0 {
		return v[0], true
	}
	return "", false
}

func (s *Server) handleContractList(c *fiber.Ctx) error {
	var f core.ContractFilter
	filters := map[string]string{}
	if v := c.Query("language"); v != "" {
		if !core.ValidContractLanguage(v) {
			return core.Invalid("language", "invalid", "language must be one of "+strings.Join(core.ContractLanguages, ", "))
		}
		f.Language, filters["language"] = v, v
	}
	if v := c.Query("project_id"); v != "" {
		id, err := parseUUIDField("project_id", v)
		if err != nil {
			return err
		}
		f.ProjectID, filters["project_id"] = id, id.String()
	}
	if v := c.Query("status"); v != "" {
		if !core.ValidContractStatus(v) {
			return core.Invalid("status", "invalid", "status must be one of pending, uploaded, analyzed")
		}
		f.Status, filters["status"] = v, v
	}
	lq, err := s.parseList(c, "contracts", filters, true)
	if err != nil {
		return err
	}
	rows, res, err := s.svc.ListContracts(c.UserContext(), principal(c), f, lq.page)
	if err != nil {
		return err
	}
	out := make([]contractJSON, len(rows))
	keys := make([]db.Key, len(rows))
	for i := range rows {
		out[i] = toContract(&rows[i], false)
		keys[i] = db.Key{T: rows[i].CreatedAt, ID: rows[i].ID}
	}
	return s.writeList(c, "contracts", out, keys, lq, res)
}

func (s *Server) handleContractGet(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "contract")
	if err != nil {
		return err
	}
	ct, err := s.svc.GetContract(c.UserContext(), principal(c), id)
	if err != nil {
		return err
	}
	return one(c, fiber.StatusOK, ct.ID, ct.Status, ct.CreatedAt, toContract(ct, true))
}

func (s *Server) handleContractDelete(c *fiber.Ctx) error {
	id, err := pathID(c, "id", "contract")
	if err != nil {
		return err
	}
	if err := s.svc.DeleteContract(c.UserContext(), principal(c), id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
