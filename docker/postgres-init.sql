-- The application database needs a UTF-8 ctype so Chinese text matches (see README).
CREATE DATABASE horizon TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8';
