import { ApiException } from '../common/api-exception';

export enum DocumentErrorCode {
  DocumentNotFound = 'document_not_found',
  FileRequired = 'file_required',
  UnsupportedMediaType = 'unsupported_media_type',
  DocumentTooLarge = 'document_too_large',
  UnknownUpload = 'unknown_upload',
  SizeMismatch = 'size_mismatch',
  AlreadyRegistered = 'document_already_registered',
  InvalidDownloadLink = 'invalid_download_link',
  DownloadLinkExpired = 'download_link_expired',
}

function describe(code: DocumentErrorCode): [number, string] {
  switch (code) {
    case DocumentErrorCode.DocumentNotFound:
      return [404, 'Document not found.'];
    case DocumentErrorCode.FileRequired:
      return [
        400,
        'The multipart body must carry the document in the field "file".',
      ];
    case DocumentErrorCode.UnsupportedMediaType:
      return [415, 'Documents are uploaded as multipart/form-data.'];
    case DocumentErrorCode.DocumentTooLarge:
      return [413, 'A document is at most 25 MiB.'];
    case DocumentErrorCode.UnknownUpload:
      return [400, 'Key is not a document uploaded to this meeting.'];
    case DocumentErrorCode.SizeMismatch:
      return [400, 'size does not match the uploaded document.'];
    case DocumentErrorCode.AlreadyRegistered:
      return [409, 'This upload is already registered as a document.'];
    case DocumentErrorCode.InvalidDownloadLink:
      return [403, 'The download link is not valid.'];
    case DocumentErrorCode.DownloadLinkExpired:
      return [
        403,
        'The download link has expired; read the document again for a new one.',
      ];
  }
}

export class DocumentException extends ApiException {
  constructor(code: DocumentErrorCode) {
    const [status, message] = describe(code);
    super(status, code, message);
  }
}
